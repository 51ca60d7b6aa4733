import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Whether the device prefers a dark theme, following changes live. */
export const usePrefersDark = (): boolean => {
  const [dark, setDark] = useState(() => darkQuery().matches);
  useEffect(() => {
    const query = darkQuery();
    const update = () => setDark(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return dark;
};

/**
 * Puts the page in the dark or light theme (styles.css reads `data-theme`), before the browser
 * paints. The theme is chosen in script, not by a media query, so the console's preview can show
 * either one whatever the device prefers.
 */
export const useTheme = (dark: boolean) => {
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
};
