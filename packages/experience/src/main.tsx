import { render } from 'preact';

import { App, LoadFailed } from './app.js';
import { api, bindInteraction, configureApi } from './lib/api.js';
import { applyBranding } from './lib/branding.js';
import { initCaptcha } from './lib/captcha.js';
import { detectBase, stripBase } from './lib/base.js';
import { activateLanguage, currentLanguage, loadPhrases } from './lib/i18n.js';
import { isLocale, pickLanguage } from './lib/language.js';
import { setRouterBase } from './lib/router.js';
import { localStore, rememberLanguageCookie, storageKeys } from './lib/storage.js';

const root = document.querySelector('#app')!;

const start = async () => {
  const base = detectBase(window.location.pathname);
  setRouterBase(base);
  if (stripBase(window.location.pathname, base) === '/preview') {
    const { startPreview } = await import('./preview.js');
    startPreview(root);
    return;
  }
  const stored = localStore.get<string>(storageKeys.language);
  if (isLocale(stored)) {
    // A choice made before the cookie existed: the sign-out pages learn it too.
    rememberLanguageCookie(stored);
  }
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  // Download the most likely phrases while the configuration loads.
  const guess = pickLanguage({ stored, autoDetect: true, preferred, fallback: 'en' });
  void loadPhrases(guess).catch(() => undefined);
  configureApi(base, () => currentLanguage(guess));

  let config;
  try {
    config = await api.config();
  } catch {
    await activateLanguage(guess);
    render(<LoadFailed />, root);
    return;
  }
  bindInteraction(config.interaction?.id);
  const language = pickLanguage({
    stored,
    requested: config.interaction?.uiLocales,
    autoDetect: config.languageInfo.autoDetect,
    preferred,
    fallback: config.languageInfo.fallbackLanguage,
  });
  await activateLanguage(language, config.phrases[language]);
  applyBranding(config);
  initCaptcha(config.captcha);
  render(<App config={config} initialLanguage={language} />, root);
};

// Back from the app or a provider through the back/forward cache: the old page state is stale.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) {
    window.location.reload();
  }
});

void start();
