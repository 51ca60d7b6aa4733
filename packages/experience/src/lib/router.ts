import { useEffect, useState } from 'preact/hooks';

import { stripBase } from './base.js';

/**
 * A small history router: the server answers every page path with the same index.html, so the
 * pages switch without reloading; links and API calls keep the `/t/{tenantId}` base.
 */
const state = { base: '', navigated: false };
const listeners = new Set<() => void>();

export const setRouterBase = (base: string) => {
  state.base = base;
};

export const routerBase = () => state.base;

/** Full href of a page path (`/sign-in` → `/t/acme/sign-in`). */
export const href = (path: string) => `${state.base}${path}`;

export const currentPath = () => stripBase(window.location.pathname, state.base);

/** Whether the user moved between pages since the page loaded. */
export const hasNavigated = () => state.navigated;

const notify = () => {
  for (const listener of listeners) {
    listener();
  }
};

export const navigate = (path: string, options: { replace?: boolean } = {}) => {
  const url = href(path);
  state.navigated = true;
  if (options.replace) {
    window.history.replaceState(null, '', url);
  } else {
    window.history.pushState(null, '', url);
  }
  notify();
};

/** The step of a page the current history entry shows (`code`), kept by the browser over a reload. */
export const currentStep = (): string | undefined => {
  const entry: unknown = window.history.state;
  const step = entry && typeof entry === 'object' ? (entry as { step?: unknown }).step : undefined;
  return typeof step === 'string' ? step : undefined;
};

/**
 * A history entry for a step of the current page (same address): browser Back returns to the page's
 * form. With `replace`, the current entry becomes the step instead (one step following another).
 */
export const pushStep = (step: string, options: { replace?: boolean } = {}) => {
  if (options.replace) {
    window.history.replaceState({ step }, '', window.location.href);
  } else {
    window.history.pushState({ step }, '', window.location.href);
  }
  notify();
};

/**
 * The current page path (without base), query and step (`pushStep`), re-rendering on navigation
 * and on back/forward.
 */
export const useLocation = () => {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const update = () => setVersion((version) => version + 1);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return { path: currentPath(), query: new URLSearchParams(window.location.search), step: currentStep() };
};
