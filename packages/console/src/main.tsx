import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { configureApi } from './api/client.js';
import { fetchConsoleConfig } from './api/console-config.js';
import { App, UiProviders } from './app.js';
import { accessToken, initSession } from './auth/session.js';
import { ErrorView } from './components/error-panel.js';
import { ConsoleError } from './lib/errors.js';
import { activateLanguage, currentLanguage } from './lib/i18n.js';
import { readPreferences } from './lib/preferences-store.js';

const root = createRoot(document.querySelector('#root')!);

const start = async () => {
  const { language } = readPreferences();
  const languageReady = activateLanguage(language);
  configureApi({ accessToken, language: currentLanguage });
  try {
    // PKCE needs WebCrypto, which browsers offer only in secure contexts (https or localhost).
    if (!globalThis.crypto?.subtle) {
      throw new ConsoleError({ kind: 'client', code: 'crypto_subtle_unavailable' });
    }
    const config = await fetchConsoleConfig();
    initSession(config);
    await languageReady;
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  } catch (error) {
    await languageReady.catch(() => undefined);
    root.render(
      <UiProviders>
        <ErrorView error={error} />
      </UiProviders>,
    );
  }
};

void start();
