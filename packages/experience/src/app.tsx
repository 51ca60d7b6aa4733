import type { ExperienceConfig } from '@gatehouse/schemas';
import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

import { AppContext, type AppState } from './components/app-context.js';
import { Button } from './components/form.js';
import { useFavicon } from './lib/favicon.js';
import type { PendingSubmit } from './lib/flow.js';
import { activateLanguage, t } from './lib/i18n.js';
import { type Locale, isLocale, localeNames, locales } from './lib/language.js';
import { hasNavigated, navigate, useLocation } from './lib/router.js';
import { type PageName, resolveRoute } from './lib/routes.js';
import { localStore, rememberLanguageCookie, storageKeys } from './lib/storage.js';
import { usePrefersDark, useTheme } from './lib/theme.js';
import SignInPage from './pages/sign-in.js';
import UnknownSessionPage from './pages/unknown-session.js';

type PageProps = {
  connectorId?: string;
  /** The continue page in the console's preview: the fields to show. */
  preview?: PendingSubmit;
};

/** A page downloaded on first use (sign-in and unknown-session are in the entry chunk). */
const lazy = (load: () => Promise<{ default: ComponentType<PageProps> }>): ComponentType<PageProps> => {
  let loaded: ComponentType<PageProps> | undefined;
  let loading: Promise<unknown> | undefined;
  return (props: PageProps) => {
    const [, setVersion] = useState(0);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) {
        return;
      }
      loading ??= load().then((module) => {
        loaded = module.default;
      });
      loading.then(
        () => setVersion((version) => version + 1),
        () => {
          loading = undefined;
          setFailed(true);
        },
      );
    }, []);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    return failed ? <LoadFailed /> : <Loading />;
  };
};

const pages: Record<PageName, ComponentType<PageProps>> = {
  'sign-in': SignInPage,
  'unknown-session': UnknownSessionPage,
  register: lazy(() => import('./pages/register.js')),
  'forgot-password': lazy(() => import('./pages/forgot-password.js')),
  continue: lazy(() => import('./pages/continue.js')),
  'select-account': lazy(() => import('./pages/select-account.js')),
  consent: lazy(() => import('./pages/consent.js')),
  'social-callback': lazy(() => import('./pages/social-callback.js')),
};

export const Loading = () => (
  <div class="loading" role="status">
    <span class="spinner" aria-hidden="true" />
    <span class="visually-hidden">{t('app.loading')}</span>
  </div>
);

export const LoadFailed = () => (
  <>
    <h1>{t('app.load_failed')}</h1>
    <Button type="button" onClick={() => window.location.reload()}>
      {t('action.retry')}
    </Button>
  </>
);

const Brand = ({ config, dark }: { config: ExperienceConfig; dark: boolean }) => {
  const { branding, interaction } = config;
  const logo = branding.logoUrl ?? interaction?.application.logoUri ?? undefined;
  if (!logo) {
    return null;
  }
  const darkLogo = branding.logoUrl && dark ? branding.darkLogoUrl : undefined;
  return (
    <div class="brand">
      <img src={darkLogo ?? logo} alt={interaction?.application.name ?? ''} />
    </div>
  );
};

const LanguageSwitcher = ({ language, onChange }: { language: Locale; onChange: (language: Locale) => void }) => (
  <div class="language">
    <label for="language">{t('language.label')}</label>
    <select
      id="language"
      value={language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) {
          onChange(next);
        }
      }}
    >
      {locales.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {localeNames[locale]}
        </option>
      ))}
    </select>
  </div>
);

/** The frame of every page: brand, the page itself, the captcha slot and the language switcher. */
export const Frame = ({ children, ...state }: AppState & { children: ComponentChildren }) => {
  useTheme(state.dark);
  useFavicon(state.config.branding, state.dark);
  return (
    <AppContext.Provider value={state}>
      <div class="shell">
        <main class="card">
          <Brand config={state.config} dark={state.dark} />
          {children}
          <div id="captcha" />
        </main>
        <footer class="footer">
          <LanguageSwitcher language={state.language} onChange={state.setLanguage} />
        </footer>
      </div>
    </AppContext.Provider>
  );
};

/** The page for the current path, in the frame. */
export const App = ({ config, initialLanguage }: { config: ExperienceConfig; initialLanguage: Locale }) => {
  const [language, setLanguageState] = useState(initialLanguage);
  const prefersDark = usePrefersDark();
  const { path, step } = useLocation();
  const route = resolveRoute(path, {
    hasInteraction: Boolean(config.interaction),
    prompt: config.interaction?.prompt,
    firstScreen: config.interaction?.firstScreen,
    signInMode: config.signInMode,
    // A reload of a page's step (the code step of /sign-in, say) stays on that page.
    initial: !hasNavigated() && !step,
  });
  const redirect = 'redirect' in route ? route.redirect : undefined;

  useEffect(() => {
    if (redirect) {
      navigate(redirect, { replace: true });
    }
  }, [redirect]);

  const setLanguage = (next: Locale) => {
    localStore.set(storageKeys.language, next);
    rememberLanguageCookie(next);
    void activateLanguage(next, config.phrases[next]).then(() => setLanguageState(next));
  };

  const Current = 'page' in route ? pages[route.page] : undefined;
  return (
    <Frame config={config} language={language} setLanguage={setLanguage} dark={config.color.isDarkModeEnabled && prefersDark}>
      {Current ? <Current key={path} {...('connectorId' in route && { connectorId: route.connectorId })} /> : <Loading />}
    </Frame>
  );
};
