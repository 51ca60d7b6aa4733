import { createTheme, darken, type CSSVariablesResolver, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';

import { readPreferences, storeAppearanceMode } from './lib/preferences-store.js';
import { storageKeys } from './lib/storage.js';

/**
 * The console's Mantine theme. `closeLabel` (the console's "Close" in the current language) names
 * the icon-only close buttons of dialogs and toasts.
 */
export const consoleTheme = (closeLabel: string) =>
  createTheme({
    primaryColor: 'violet',
    defaultRadius: 'md',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
    fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    cursorType: 'pointer',
    components: {
      // Spec §9: dropdown z-index 103.
      Menu: { defaultProps: { zIndex: 103 } },
      Popover: { defaultProps: { zIndex: 103 } },
      Tooltip: { defaultProps: { withinPortal: true, openDelay: 200 } },
      // Dialogs render outside the page's landmarks, where a <header> would be a second banner.
      ModalHeader: { defaultProps: { component: 'div' } },
      ModalCloseButton: { defaultProps: { 'aria-label': closeLabel } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      // The eye-dropper button is unnamed, and exists in Chromium only.
      ColorInput: { defaultProps: { withEyeDropper: false } },
    },
  });

/**
 * Colours below WCAG AA's 4.5:1 for small text in Mantine's defaults, made stronger: dimmed text
 * (gray 6 on white, dark 2 on dark), teal and red text on white (the dashboard's changes), gray
 * outline badges, links on dark cards (violet 4), the text of light teal badges (on a lighter
 * tint), field errors (red 6 on white, red 8 on dark inputs), the text of light yellow alerts
 * (yellow 9 on its tint is 2.7:1; dark text instead), and white on red buttons (red 6 is 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7]!,
    '--mantine-color-teal-text': current.colors.teal[9]!,
    '--mantine-color-red-text': current.colors.red[9]!,
    '--mantine-color-gray-outline': current.colors.gray[7]!,
    '--mantine-color-teal-light': current.colors.teal[0]!,
    '--mantine-color-error': current.colors.red[9]!,
    '--mantine-color-yellow-light-color': current.colors.dark[6]!,
    '--mantine-color-red-filled': current.colors.red[9]!,
    '--mantine-color-red-filled-hover': darken(current.colors.red[9]!, 0.1),
  },
  dark: {
    '--mantine-color-dimmed': current.colors.dark[1]!,
    '--mantine-color-anchor': current.colors.violet[3]!,
    '--mantine-color-error': current.colors.red[4]!,
  },
});

/**
 * Appearance (spec §4): System follows the operating system live (Mantine's `auto`), Light and
 * Dark are fixed. Kept in the console preferences of local storage; other tabs follow.
 */
export const colorSchemeManager = (): MantineColorSchemeManager => {
  let handler: ((event: StorageEvent) => void) | undefined;
  const current = (): MantineColorScheme => {
    const mode = readPreferences().appearanceMode;
    return mode === 'system' ? 'auto' : mode;
  };
  return {
    get: () => current(),
    set: (value) => storeAppearanceMode(value === 'auto' ? 'system' : value),
    subscribe: (onUpdate) => {
      handler = (event) => {
        if (event.key === storageKeys.preferences) {
          onUpdate(current());
        }
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) {
        window.removeEventListener('storage', handler);
      }
    },
    clear: () => storeAppearanceMode('system'),
  };
};
