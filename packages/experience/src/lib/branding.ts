import type { ExperienceConfig } from '@gatehouse/schemas';

import { ensureContrast, readableTextColor, shade } from '@gatehouse/schemas/color';

/** Page backgrounds of the light and dark themes (also in styles.css). */
const lightSurface = '#ffffff';
const darkSurface = '#1c1d21';

/**
 * The tenant's brand on the page: the primary colour (and its dark-mode variant) as CSS variables
 * with a readable text colour for buttons and a readable shade for links, and the tenant's custom
 * CSS in a `<style>` after every other style. Applying it again replaces what the
 * previous call set (the console's preview applies every draft). The favicon follows the theme:
 * see `useFavicon` (favicon.ts), used by the page frame.
 */
export const applyBranding = (config: Pick<ExperienceConfig, 'color' | 'customCss'>) => {
  const root = document.documentElement;
  const set = (name: string, value: string) => root.style.setProperty(name, value);
  const { primaryColor, darkPrimaryColor } = config.color;

  // Suffixed variables: styles.css picks the light or dark set (an inline --brand would win over it).
  set('--brand-light', primaryColor);
  set('--brand-hover-light', shade(primaryColor));
  set('--on-brand-light', readableTextColor(primaryColor));
  set('--brand-text-light', ensureContrast(primaryColor, lightSurface));
  set('--brand-dark', darkPrimaryColor);
  set('--brand-hover-dark', shade(darkPrimaryColor));
  set('--on-brand-dark', readableTextColor(darkPrimaryColor));
  set('--brand-text-dark', ensureContrast(darkPrimaryColor, darkSurface));

  document.head.querySelectorAll('[data-branding]').forEach((element) => element.remove());
  if (config.customCss) {
    const style = document.createElement('style');
    style.dataset.branding = 'custom-css';
    style.textContent = config.customCss;
    document.head.append(style);
  }
};
