import { domainToUnicode } from 'node:url';

import { describe, expect, it } from 'vitest';

import { primaryEmailSchema } from '../entities/users.js';
import { asciiEmail, canonicalEmail, decodePunycode, emailKey, emailSpellings, parseEmailDomain } from './email.js';

describe('decodePunycode (RFC 3492)', () => {
  // Samples of RFC 3492 §7.1 and common IDNs; node:url's UTS #46 decoder is the reference.
  it.each(['bcher-kva', 'ls8h', '80ak6aa92e', 'tda', 'ba-6ia', 'fa-hia', 'egbpdaj6bu4bxfgehfvwxn', 'ihqwcrb4cv8a8dqg056pqjye', 'hxargifdar', '1ca', 'abc-'])(
    'decodes %s as node:url does',
    (label) => {
      expect(decodePunycode(label)).toBe(domainToUnicode(`xn--${label}.example`).split('.')[0]);
    },
  );

  it.each(['zz', '-', '9999999999', 'ü-abc', 'a!'])('refuses %j (not valid Punycode)', (label) => {
    expect(decodePunycode(label)).toBeUndefined();
  });
});

describe('parseEmailDomain (one spelling per domain)', () => {
  it.each([
    ['example.com', 'example.com', 'example.com'],
    ['ＥＸＡＭＰＬＥ.com', 'example.com', 'example.com'],
    ['ｅｘａｍｐｌｅ.com', 'example.com', 'example.com'],
    ['Example.COM', 'example.com', 'example.com'],
    ['example。com', 'example.com', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example', 'bücher.example'],
    ['BÜCHER.example', 'xn--bcher-kva.example', 'bücher.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example', 'bücher.example'],
    ['XN--BCHER-KVA.example', 'xn--bcher-kva.example', 'bücher.example'],
    // Decomposed ü (u + combining diaeresis) is the same domain.
    ['bu\u0308cher.example', 'xn--bcher-kva.example', 'bücher.example'],
    ['faß.de', 'xn--fa-hia.de', 'faß.de'],
    ['💩.la', 'xn--ls8h.la', '💩.la'],
  ])('%s is %s, shown as %s', (domain, ascii, unicode) => {
    expect(parseEmailDomain(domain)).toEqual({ ascii, unicode });
  });

  it.each([
    ['a trailing dot', 'example.com.'],
    ['two trailing dots', 'example.com..'],
    ['an empty label', 'example..com'],
    ['a leading dot', '.example.com'],
    ['no dot', 'localhost'],
    ['invalid Punycode', 'xn--zz.com'],
    ['a numeric top-level label', 'example.123'],
    ['an IPv4 address', '192.0.2.1'],
    ['a shortened IPv4 address', '0x7f.1'],
    ['a path', 'example.com/x'],
    ['a port', 'example.com:25'],
    ['a query', 'example.com?x'],
    ['a percent escape', 'ex%61mple.com'],
    ['a backslash', 'example.com\\x'],
    ['a space', 'exa mple.com'],
    ['a forbidden host character', 'exa<mple.com'],
  ])('refuses a domain with %s (%j)', (_label, domain) => {
    expect(parseEmailDomain(domain)).toBeUndefined();
  });
});

describe('canonicalEmail', () => {
  it('keeps the local part as typed and maps the domain', () => {
    expect(canonicalEmail('Reg1@ＥＸＡＭＰＬＥ.com')).toBe('Reg1@example.com');
    expect(canonicalEmail('user@xn--bcher-kva.example')).toBe('user@bücher.example');
    expect(canonicalEmail('"a@b"@example.com')).toBe('"a@b"@example.com');
    expect(asciiEmail('user@bücher.example')).toBe('user@xn--bcher-kva.example');
  });

  it('has no canonical form for an undeliverable domain or a missing local part', () => {
    expect(canonicalEmail('reg1@example.com.')).toBeUndefined();
    expect(canonicalEmail('@example.com')).toBeUndefined();
    expect(canonicalEmail('nobody')).toBeUndefined();
  });

  it('lists every stored spelling of an address for lookups, and compares keys case-insensitively', () => {
    expect(emailSpellings('user@Bücher.example')).toEqual(['user@Bücher.example', 'user@bücher.example', 'user@xn--bcher-kva.example']);
    expect(emailSpellings('dup@example.com')).toEqual(['dup@example.com']);
    expect(emailSpellings('odd@example.com.')).toEqual(['odd@example.com.']);
    expect(emailKey('Dup@ＥＸＡＭＰＬＥ.com')).toBe(emailKey('dup@example.com'));
    expect(emailKey('user@xn--bcher-kva.example')).toBe('user@bücher.example');
  });
});

describe('primaryEmailSchema', () => {
  it('gives back the canonical spelling', () => {
    expect(primaryEmailSchema.parse('reg1@ｅｘａｍｐｌｅ.com')).toBe('reg1@example.com');
    expect(primaryEmailSchema.parse('user@xn--bcher-kva.example')).toBe('user@bücher.example');
    expect(primaryEmailSchema.parse('Dup@EXAMPLE.COM')).toBe('Dup@example.com');
  });

  it('refuses an address no mail can be delivered to, with one issue', () => {
    for (const value of ['reg1@example.com.', 'a@example..com', 'a@192.0.2.1', 'a@xn--zz.com']) {
      const result = primaryEmailSchema.safeParse(value);
      expect(result.error?.issues.map((issue) => issue.message), value).toEqual(['Must be an email address.']);
    }
    expect(primaryEmailSchema.safeParse('nope').error?.issues).toHaveLength(1);
    expect(primaryEmailSchema.safeParse(`${'a'.repeat(120)}@example.com`).error?.issues).toHaveLength(1);
  });

  it('refuses an address whose canonical spelling is longer than can be stored', () => {
    // `㍱` maps to `hpa`: 128 characters typed would be 130 stored.
    const local = 'a'.repeat(122);
    expect(primaryEmailSchema.safeParse(`${local}@㍱.com`).error?.issues.map((issue) => issue.message)).toEqual(['Must be an email address.']);
    expect(primaryEmailSchema.safeParse(`${local.slice(2)}@㍱.com`).data).toBe(`${local.slice(2)}@hpa.com`);
  });
});
