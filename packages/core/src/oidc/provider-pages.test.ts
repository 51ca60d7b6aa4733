import { contrastRatio, parseHexColor } from '@gatehouse/schemas/color';
import { supportedLocales } from '@gatehouse/schemas/locales';
import { describe, expect, it } from 'vitest';

import { pagePhrases, pickPageLanguage, renderErrorPage, renderLogoutPage, renderSignedOutPage } from './provider-pages.js';

const settings = {
  color: { primaryColor: '#0B7A75', isDarkModeEnabled: true, darkPrimaryColor: '#2FB3AD' },
  branding: { logoUrl: 'https://cdn.example.com/logo.svg', darkLogoUrl: 'https://cdn.example.com/logo-dark.svg' },
};
const form = '<form method="post" action="/oidc/session/end/confirm" id="op.logoutForm"><input type="hidden" name="xsrf" value="abc"/></form>';

describe('page phrases', () => {
  it('has every phrase in every supported locale, translated', () => {
    expect(Object.keys(pagePhrases).sort()).toEqual([...supportedLocales].sort());
    const keys = Object.keys(pagePhrases.en).sort();
    for (const locale of supportedLocales) {
      const phrases = pagePhrases[locale] as Record<string, string>;
      expect(Object.keys(phrases).sort(), locale).toEqual(keys);
      for (const key of keys) {
        expect(phrases[key]!.trim(), `${locale} ${key}`).not.toBe('');
      }
      if (locale !== 'en') {
        expect(phrases.confirm_title, locale).not.toBe(pagePhrases.en.confirm_title);
        expect(phrases.signed_out_description, locale).not.toBe(pagePhrases.en.signed_out_description);
        expect(phrases.error_description, locale).not.toBe(pagePhrases.en.error_description);
        expect(phrases.not_found_title, locale).not.toBe(pagePhrases.en.not_found_title);
        expect(phrases.not_found_description, locale).not.toBe(pagePhrases.en.not_found_description);
      }
    }
  });
});

describe('pickPageLanguage', () => {
  const base = { autoDetect: true, fallback: 'en' };

  it('follows the choice made in the pages, then ui_locales, then the browser, then the fallback', () => {
    expect(pickPageLanguage({ ...base, chosen: 'ko', uiLocales: 'ja', acceptLanguage: 'de' })).toBe('ko');
    expect(pickPageLanguage({ ...base, uiLocales: 'xx zh-Hant ja', acceptLanguage: 'de' })).toBe('zh-TW');
    expect(pickPageLanguage({ ...base, acceptLanguage: 'nl;q=0.9, fr-CA;q=0.8, de;q=0.1' })).toBe('fr');
    expect(pickPageLanguage({ ...base, acceptLanguage: 'de-DE,de;q=0.9' })).toBe('de');
    expect(pickPageLanguage({ ...base, acceptLanguage: 'pt' })).toBe('pt-BR');
    expect(pickPageLanguage({ ...base, acceptLanguage: 'nl, *' })).toBe('en');
    expect(pickPageLanguage({ autoDetect: false, fallback: 'ja', acceptLanguage: 'de' })).toBe('ja');
    expect(pickPageLanguage({ autoDetect: false, fallback: 'ja', uiLocales: 'it' })).toBe('it');
    expect(pickPageLanguage({ ...base, chosen: 'xx', fallback: 'zz' })).toBe('en');
  });
});

describe('renderLogoutPage', () => {
  it('asks in the language, with the brand colour, the logos, dark mode and oidc-provider form', () => {
    const html = renderLogoutPage({ form, auto: false, locale: 'de', settings });
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('<h1>Abmelden?</h1>');
    expect(html).toContain('>Angemeldet bleiben</button>');
    expect(html).toContain(form);
    expect(html).toContain('--brand:#0B7A75');
    expect(html).toContain('@media (prefers-color-scheme:dark){:root{--brand:#2FB3AD');
    expect(html).toContain('srcset="https://cdn.example.com/logo-dark.svg"');
    expect(html).toContain('<link rel="icon" href="data:image/svg+xml,');
    expect(html).not.toContain('Sign out');
  });

  it('stays light without dark mode, turns right to left for Arabic, and signs out at once when asked', () => {
    const light = { ...settings, color: { ...settings.color, isDarkModeEnabled: false } };
    const html = renderLogoutPage({ form, auto: true, locale: 'ar', settings: light });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).not.toContain('prefers-color-scheme');
    expect(html).toContain('document.getElementById("op.logoutForm").submit()');
    expect(html).toContain(pagePhrases.ar.signing_out);
  });

  it('escapes what comes from settings, and takes only hex colours into the style', () => {
    const hostile = {
      color: { primaryColor: 'red;}</style><script>alert(1)</script>', isDarkModeEnabled: false, darkPrimaryColor: '#000000' },
      branding: { logoUrl: 'https://x.example/"><script>alert(2)</script>', favicon: 'https://x.example/i.png?a=1&b="2"' },
    };
    const html = renderSignedOutPage({ locale: 'en', settings: hostile });
    expect(html).not.toContain('<script>');
    expect(html).toContain('--brand:#6139f6');
    expect(html).toContain('href="https://x.example/i.png?a=1&#38;b=&#34;2&#34;"');
    expect(html).toContain('<h1>Signed out</h1>');
  });

  it('writes button text that reads on the brand colour', () => {
    const yellow = { color: { primaryColor: '#FFE600', isDarkModeEnabled: false, darkPrimaryColor: '#FFE600' }, branding: {} };
    expect(renderSignedOutPage({ locale: 'en', settings: yellow })).toContain('--on-brand:#000000');
    expect(renderSignedOutPage({ locale: 'en', settings })).toContain('--on-brand:#ffffff');
  });

  it('shades a pale brand colour for links and focus rings until it reads on the page', () => {
    const yellow = { color: { primaryColor: '#F5C518', isDarkModeEnabled: false, darkPrimaryColor: '#F5C518' }, branding: {} };
    const html = renderErrorPage({ error: 'invalid_request', locale: 'en', settings: { ...yellow, supportEmail: 'help@example.com' } });
    const linkColor = /--brand-text:(#[0-9a-f]{6})/.exec(html)?.[1];
    expect(linkColor).toBeDefined();
    expect(linkColor).not.toBe('#f5c518');
    expect(contrastRatio(parseHexColor(linkColor!)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    expect(html).toContain('a{color:var(--brand-text)}');
    expect(html).toMatch(/focus-visible\{outline:2px solid var\(--brand-text\)/);
  });

  it('gives the page that signs out at once a heading too', () => {
    expect(renderLogoutPage({ form, auto: true, locale: 'en', settings })).toContain('<h1>Signing out…</h1>');
  });
});

describe('renderErrorPage', () => {
  it('says what happened in the language, with the brand, the support contact and the protocol error escaped', () => {
    const html = renderErrorPage({
      error: 'invalid_redirect_uri',
      description: "redirect_uri did not match any of the client's registered redirect_uris <script>",
      locale: 'de',
      settings: { ...settings, supportEmail: 'help@example.com', supportWebsiteUrl: null },
    });
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain(`<h1>${pagePhrases.de.error_title}</h1>`);
    expect(html).toContain('<a href="mailto:help@example.com">Support kontaktieren</a>');
    expect(html).toContain('invalid_redirect_uri: redirect_uri did not match any of the client&#39;s registered redirect_uris &#60;script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('--brand:#0B7A75');
  });

  it('prefers the support website, leaves the link out without a contact, and turns right to left for Arabic', () => {
    const withSite = renderErrorPage({ error: 'invalid_request', locale: 'en', settings: { ...settings, supportEmail: 'help@example.com', supportWebsiteUrl: 'https://help.example.com' } });
    expect(withSite).toContain('<a href="https://help.example.com">Contact support</a>');
    const bare = renderErrorPage({ error: 'invalid_request', locale: 'ar', settings });
    expect(bare).not.toContain('<a ');
    expect(bare).toContain('dir="rtl"');
    expect(bare).toContain('<p dir="ltr"><code>invalid_request</code></p>');
  });
});
