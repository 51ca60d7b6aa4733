import type { ExperiencePreview, ExperiencePreviewReady } from '@gatehouse/schemas';
import { render } from 'preact';

import { Frame } from './app.js';
import { applyBranding } from './lib/branding.js';
import { activateLanguage } from './lib/i18n.js';
import { type Locale, pickLanguage } from './lib/language.js';
import { isPreviewMessage, previewPage } from './lib/preview.js';
import ContinuePage from './pages/continue.js';
import RegisterPage from './pages/register.js';
import SignInPage from './pages/sign-in.js';

const PreviewPage = ({ preview }: { preview: ExperiencePreview }) => {
  const { config } = preview;
  switch (previewPage(preview.page, config.signInMode)) {
    case 'register': {
      return <RegisterPage />;
    }
    case 'continue': {
      return <ContinuePage preview={{ fields: config.customProfileFields.map(({ name }) => ({ kind: 'custom', name })), unknown: [] }} />;
    }
    default: {
      return <SignInPage />;
    }
  }
};

/** Nothing in the preview acts: no submit, no button or link, so no call to the server. */
const makeInert = (root: Element) => {
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  root.addEventListener('submit', stop, true);
  root.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a, button')) {
        stop(event);
      }
    },
    true,
  );
  // The pages focus their first field when they appear; in the frame that would take the focus
  // from the console field being edited. Only a preview the person is using may move it.
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
    if (document.hasFocus()) {
      focus.call(this, options);
    }
  };
};

/**
 * The preview mode of the hosted pages (`{base}/preview`, framed by the console on the same
 * origin): it shows the page of the draft the console posts, never loads the live configuration,
 * and never starts an interaction.
 */
export const startPreview = (root: Element) => {
  makeInert(root);
  let current: ExperiencePreview | undefined;
  /** The language picked in the preview's own switcher, until the draft's language settings change. */
  let chosen: Locale | undefined;
  let languageSettings = '';

  const show = async () => {
    const preview = current;
    if (!preview) {
      return;
    }
    const { config } = preview;
    const { autoDetect, fallbackLanguage } = config.languageInfo;
    if (languageSettings !== `${autoDetect} ${fallbackLanguage}`) {
      languageSettings = `${autoDetect} ${fallbackLanguage}`;
      chosen = undefined;
    }
    const language = pickLanguage({ stored: chosen, autoDetect, preferred: navigator.languages ?? [navigator.language], fallback: fallbackLanguage });
    await activateLanguage(language, config.phrases[language]);
    if (preview !== current) {
      return;
    }
    applyBranding(config);
    const setLanguage = (next: Locale) => {
      chosen = next;
      void show();
    };
    render(
      <Frame config={config} language={language} setLanguage={setLanguage} dark={preview.mode === 'dark' && config.color.isDarkModeEnabled}>
        <PreviewPage preview={preview} />
      </Frame>,
      root,
    );
  };

  window.addEventListener('message', (event) => {
    if (event.origin !== window.location.origin || event.source !== window.parent || !isPreviewMessage(event.data)) {
      return;
    }
    current = event.data;
    void show();
  });
  const ready: ExperiencePreviewReady = { type: 'gatehouse:experience-preview-ready' };
  if (window.parent !== window) {
    window.parent.postMessage(ready, window.location.origin);
  }
};
