import { createBrowserRouter, Navigate } from 'react-router';

import { useConsole } from './app-context.js';
import { basename } from './auth/session.js';
import { AuthGate } from './components/auth-gate.js';
import { RouteErrorBoundary } from './components/error-panel.js';
import { LoadingScreen } from './components/loading-screen.js';
import { PageNotFound } from './components/page-not-found.js';
import { Shell } from './components/shell/shell.js';
import { firstVisibleItem } from './lib/sidebar.js';
import { CallbackPage } from './pages/callback.js';

/** The tenant root: a replace-redirect to the first visible sidebar item (spec §2). */
const RootRedirect = () => {
  const { config } = useConsole();
  return <Navigate to={`/${firstVisibleItem(config.edition === 'cloud').path}`} replace />;
};

/**
 * Routes of the self-hosted console (spec §2), under /console. Every page is its own chunk.
 * Detail pages take their tab from the path; an unknown tab is a page-not-found.
 */
export const createRouter = () =>
  createBrowserRouter(
    [
      { path: '/callback', element: <CallbackPage />, errorElement: <RouteErrorBoundary /> },
      { path: '/welcome', lazy: () => import('./pages/welcome.js'), errorElement: <RouteErrorBoundary />, hydrateFallbackElement: <LoadingScreen /> },
      {
        path: '/',
        element: (
          <AuthGate>
            <Shell />
          </AuthGate>
        ),
        errorElement: <RouteErrorBoundary />,
        hydrateFallbackElement: <LoadingScreen />,
        children: [
          {
            errorElement: <RouteErrorBoundary />,
            children: [
              { index: true, element: <RootRedirect /> },
              { path: 'applications', lazy: () => import('./pages/applications/list.js') },
              { path: 'applications/third-party-applications', lazy: () => import('./pages/applications/list.js') },
              { path: 'applications/create', lazy: () => import('./pages/applications/list.js') },
              { path: 'applications/:id', element: <Navigate to="settings" replace /> },
              { path: 'applications/:id/:tab', lazy: () => import('./pages/applications/detail.js') },
              { path: 'api-resources', lazy: () => import('./pages/api-resources/list.js') },
              { path: 'api-resources/create', lazy: () => import('./pages/api-resources/list.js') },
              { path: 'api-resources/:id', element: <Navigate to="permissions" replace /> },
              { path: 'api-resources/:id/:tab', lazy: () => import('./pages/api-resources/detail.js') },
              { path: 'users', lazy: () => import('./pages/users/list.js') },
              { path: 'users/create', lazy: () => import('./pages/users/list.js') },
              { path: 'users/:id', element: <Navigate to="settings" replace /> },
              { path: 'users/:id/:tab', lazy: () => import('./pages/users/detail.js') },
              { path: '*', element: <PageNotFound /> },
            ],
          },
        ],
      },
    ],
    { basename },
  );
