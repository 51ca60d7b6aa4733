import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';

import type { ConsoleConfig } from './api/console-config.js';
import { createQueryClient } from './api/query-client.js';
import { ConsoleProvider } from './app-context.js';
import { createRouter } from './routes.js';
import { colorSchemeManager, consoleTheme, cssVariablesResolver } from './theme.js';

const manager = colorSchemeManager();

/** Mantine (theme, appearance), dialogs and toasts: what every screen needs, even a start-up error. */
export const UiProviders = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const theme = useMemo(() => consoleTheme(t('general.close')), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={manager} defaultColorScheme="auto">
      <ModalsProvider>
        <Notifications position="top-right" zIndex={1000} />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
};

export const App = ({ config }: { config: ConsoleConfig }) => {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <UiProviders>
      <QueryClientProvider client={queryClient}>
        <ConsoleProvider config={config}>
          <RouterProvider router={router} />
        </ConsoleProvider>
      </QueryClientProvider>
    </UiProviders>
  );
};
