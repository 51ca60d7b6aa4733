import { describe, expect, it } from 'vitest';

import { pickFavicon } from './favicon.js';

describe('pickFavicon', () => {
  const favicon = 'https://cdn.example.com/favicon.png';
  const darkFavicon = 'https://cdn.example.com/favicon-dark.png';

  it('shows the built-in icon (undefined) without a configured favicon, light or dark', () => {
    expect(pickFavicon({}, false)).toBeUndefined();
    expect(pickFavicon({}, true)).toBeUndefined();
  });

  it('shows the favicon in the light theme, and in the dark one without a dark favicon', () => {
    expect(pickFavicon({ favicon, darkFavicon }, false)).toBe(favicon);
    expect(pickFavicon({ favicon }, true)).toBe(favicon);
  });

  it('shows the dark favicon when the page is dark', () => {
    expect(pickFavicon({ favicon, darkFavicon }, true)).toBe(darkFavicon);
    expect(pickFavicon({ darkFavicon }, true)).toBe(darkFavicon);
    expect(pickFavicon({ darkFavicon }, false)).toBeUndefined();
  });
});
