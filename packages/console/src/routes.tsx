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
        // The profile area is outside the tenant shell: the user menu opens it in a new tab.
        path: '/profile',
        lazy: () => import('./pages/profile/layout.js'),
        errorElement: <RouteErrorBoundary />,
        hydrateFallbackElement: <LoadingScreen />,
        children: [
          { index: true, lazy: () => import('./pages/profile/index.js') },
          { path: 'verify-password', lazy: () => import('./pages/profile/verify-password.js') },
          { path: 'change-password', lazy: () => import('./pages/profile/change-password.js') },
          { path: 'link-email', lazy: () => import('./pages/profile/link-email.js') },
          { path: 'verification-code', lazy: () => import('./pages/profile/verification-code.js') },
          { path: '*', element: <PageNotFound /> },
        ],
      },
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
              { path: 'get-started', lazy: () => import('./pages/get-started/index.js') },
              { path: 'dashboard', lazy: () => import('./pages/dashboard/index.js') },
              { path: 'applications', lazy: () => import('./pages/applications/list.js') },
              { path: 'applications/third-party-applications', lazy: () => import('./pages/applications/list.js') },
              { path: 'applications/create', lazy: () => import('./pages/applications/list.js') },
              { path: 'applications/:id', element: <Navigate to="settings" replace /> },
              { path: 'applications/:id/:tab', lazy: () => import('./pages/applications/detail.js') },
              { path: 'applications/:id/guide/:guideId', lazy: () => import('./pages/applications/guide.js') },
              { path: 'applications/:appId/logs/:logId', lazy: () => import('./pages/audit-logs/detail.js') },
              { path: 'api-resources', lazy: () => import('./pages/api-resources/list.js') },
              { path: 'api-resources/create', lazy: () => import('./pages/api-resources/list.js') },
              { path: 'api-resources/:id', element: <Navigate to="permissions" replace /> },
              { path: 'api-resources/:id/:tab', lazy: () => import('./pages/api-resources/detail.js') },
              { path: 'api-resources/:id/guide/:guideId', lazy: () => import('./pages/api-resources/guide.js') },
              { path: 'users', lazy: () => import('./pages/users/list.js') },
              { path: 'users/create', lazy: () => import('./pages/users/list.js') },
              { path: 'users/:id', element: <Navigate to="settings" replace /> },
              { path: 'users/:id/:tab', lazy: () => import('./pages/users/detail.js') },
              { path: 'users/:userId/logs/:logId', lazy: () => import('./pages/audit-logs/detail.js') },
              { path: 'users/:userId/social-identities/:target', lazy: () => import('./pages/users/social-identity.js') },
              { path: 'users/:userId/sso-identities/:connectorId', lazy: () => import('./pages/users/sso-identity.js') },
              { path: 'roles', lazy: () => import('./pages/roles/list.js') },
              { path: 'roles/create', lazy: () => import('./pages/roles/list.js') },
              { path: 'roles/:id', element: <Navigate to="permissions" replace /> },
              { path: 'roles/:id/:tab', lazy: () => import('./pages/roles/detail.js') },
              { path: 'audit-logs', lazy: () => import('./pages/audit-logs/list.js') },
              { path: 'audit-logs/:logId', lazy: () => import('./pages/audit-logs/detail.js') },
              { path: 'sign-in-experience', element: <Navigate to="branding" replace /> },
              { path: 'sign-in-experience/collect-user-profile/fields/:fieldName', lazy: () => import('./pages/sign-in-experience/field-editor.js') },
              { path: 'sign-in-experience/:tab/*', lazy: () => import('./pages/sign-in-experience/index.js') },
              { path: 'connectors', element: <Navigate to="passwordless" replace /> },
              { path: 'connectors/:tab', lazy: () => import('./pages/connectors/list.js') },
              { path: 'connectors/:tab/create/:createType', lazy: () => import('./pages/connectors/list.js') },
              { path: 'connectors/:tab/guide/:factoryId', lazy: () => import('./pages/connectors/guide.js') },
              { path: 'connectors/:tab/:connectorId', lazy: () => import('./pages/connectors/detail.js') },
              { path: 'security', element: <Navigate to="password-policy" replace /> },
              { path: 'security/:tab', lazy: () => import('./pages/security/page.js') },
              { path: 'security/captcha/guide/:guideId', lazy: () => import('./pages/security/captcha-guide.js') },
              { path: 'security/captcha/details', lazy: () => import('./pages/security/captcha-details.js') },
              { path: 'signing-keys', lazy: () => import('./pages/signing-keys/list.js') },
              { path: '*', element: <PageNotFound /> },
            ],
          },
        ],
      },
    ],
    { basename },
  );
