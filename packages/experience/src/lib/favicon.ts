import type { Branding } from '@gatehouse/schemas';
import { useLayoutEffect } from 'preact/hooks';

/**
 * The page's icon: the tenant's dark favicon when the page is dark and one is set, else its
 * favicon, else undefined (the built-in icon of index.html, so the browser never asks for a
 * missing /favicon.ico).
 */
export const pickFavicon = (branding: Pick<Branding, 'favicon' | 'darkFavicon'>, dark: boolean): string | undefined =>
  (dark ? branding.darkFavicon : undefined) ?? branding.favicon ?? undefined;

/** Points the page's icon link (`#favicon` in index.html) at `url`, or back at the built-in icon. */
export const showFavicon = (url: string | undefined) => {
  const link = document.querySelector<HTMLLinkElement>('link#favicon');
  if (!link) {
    return;
  }
  link.dataset.default ??= link.getAttribute('href') ?? '';
  const href = url ?? link.dataset.default;
  if (link.getAttribute('href') !== href) {
    link.setAttribute('href', href);
  }
};

/** Keeps the icon in step with the tenant's branding and the page's theme. */
export const useFavicon = (branding: Pick<Branding, 'favicon' | 'darkFavicon'>, dark: boolean) => {
  const url = pickFavicon(branding, dark);
  useLayoutEffect(() => showFavicon(url), [url]);
};
