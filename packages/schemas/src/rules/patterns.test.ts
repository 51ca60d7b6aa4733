import { describe, expect, it } from 'vitest';

import {
  emailPattern,
  hexColorPattern,
  isHttpUrl,
  isNativeHttpRedirectUri,
  isNativeRedirectUri,
  isResourceIndicator,
  isWebOrigin,
  isWebRedirectUri,
  phoneInputPattern,
  phonePattern,
  scopeTokenPattern,
  usernamePattern,
} from './patterns.js';

describe('emailPattern (non-space text, an at sign, and a dot)', () => {
  it.each(['a@b.co', 'first.last@example.com', 'user+tag@sub.example.org', 'x@y.z'])('accepts %s', (value) => {
    expect(emailPattern.test(value)).toBe(true);
  });

  it.each([
    ['missing dot', 'user@example'],
    ['missing at sign', 'user.example.com'],
    ['space in local part', 'us er@example.com'],
    ['space in domain', 'user@exa mple.com'],
    ['control characters', 'a\u0001\u0007@b.com'],
    ['a NUL character in the domain', 'a@b\u0000.com'],
    ['leading space', ' user@example.com'],
    ['trailing space', 'user@example.com '],
    ['nothing before the at sign', '@example.com'],
    ['nothing after the dot', 'user@example.'],
    ['empty string', ''],
  ])('rejects %s', (_label, value) => {
    expect(emailPattern.test(value)).toBe(false);
  });
});

describe('phonePattern (digits only)', () => {
  it.each(['0', '5551234', '4915112345678'])('accepts %s', (value) => {
    expect(phonePattern.test(value)).toBe(true);
  });

  it.each(['', '+4915112345678', '555-1234', '(555)1234', '555 1234', '12a4', '١٢٣'])('rejects %j', (value) => {
    expect(phonePattern.test(value)).toBe(false);
  });
});

describe('phoneInputPattern (the looser form)', () => {
  it.each(['5551234', '+49 151 1234 5678', '+1 (555) 123-4567', '(030) 1234-56'])('accepts %s', (value) => {
    expect(phoneInputPattern.test(value)).toBe(true);
  });

  it.each(['', 'call me', '555.1234', '++15551234', '1+555', '555#1234'])('rejects %j', (value) => {
    expect(phoneInputPattern.test(value)).toBe(false);
  });
});

describe('usernamePattern (letter or underscore, then word characters)', () => {
  it.each(['a', 'A', '_', '_private', 'alice', 'Bob_42', 'x1_y2'])('accepts %s', (value) => {
    expect(usernamePattern.test(value)).toBe(true);
  });

  it.each([
    ['starts with a digit', '1alice'],
    ['contains a dash', 'alice-b'],
    ['contains a dot', 'alice.b'],
    ['contains a space', 'alice b'],
    ['contains an at sign', 'alice@x'],
    ['non-ASCII letter', 'jörg'],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(usernamePattern.test(value)).toBe(false);
  });
});

describe('hexColorPattern (# plus 3 or 6 hex digits)', () => {
  it.each(['#fff', '#FFF', '#a1B', '#000000', '#1a2B3c', '#ABCDEF'])('accepts %s', (value) => {
    expect(hexColorPattern.test(value)).toBe(true);
  });

  it.each(['#12', '#1234', '#12345', '#1234567', '#12345678', 'fff', '123456', '#ggg', '#12345g', '# fff', ''])(
    'rejects %j',
    (value) => {
      expect(hexColorPattern.test(value)).toBe(false);
    },
  );
});

describe('scopeTokenPattern (RFC 6749 scope token)', () => {
  it.each(['read', 'read:orders', 'write_all', 'https://api.example.com/orders.read', '!#$%&\'()*+,-./', '[]^_`{|}~'])(
    'accepts %s',
    (value) => {
      expect(scopeTokenPattern.test(value)).toBe(true);
    },
  );

  it.each([
    ['a space', 'read orders'],
    ['a double quote', 'read"orders'],
    ['a backslash', 'read\\orders'],
    ['a tab', 'read\torders'],
    ['a newline', 'read\norders'],
    ['a non-ASCII character', 'lesen:bestellungen:ü'],
    ['a DEL control character', 'read\u007F'],
    ['nothing', ''],
  ])('rejects %s', (_label, value) => {
    expect(scopeTokenPattern.test(value)).toBe(false);
  });
});

describe('URLs with what the URL parser would silently drop', () => {
  it.each([
    ['spaces around it', '  http://localhost:8080/cb2  '],
    ['a leading space', ' https://example.com/l.png'],
    ['a line break inside', 'https://app.example.com/ca\nllback'],
    ['a tab inside', 'https://app.example.com/\tcb'],
  ])('refuses %s, which would never equal what the app sends', (_label, value) => {
    expect(isWebRedirectUri(value)).toBe(false);
    expect(isHttpUrl(value)).toBe(false);
    expect(isNativeHttpRedirectUri(value.replace('https://app.example.com', 'http://127.0.0.1'))).toBe(false);
  });
});

describe('isWebRedirectUri', () => {
  it.each([
    'http://localhost:3000/cb',
    'https://app.example.com/callback',
    'https://app.example.com/callback?x=1',
    'http://127.0.0.1:8080',
  ])('accepts %s', (value) => {
    expect(isWebRedirectUri(value)).toBe(true);
  });

  it.each([
    ['a custom scheme', 'com.example.app://callback'],
    ['a fragment', 'https://app.example.com/cb#frag'],
    ['an empty fragment', 'https://app.example.com/cb#'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['a relative path', '/callback'],
    ['no scheme', 'app.example.com/callback'],
    ['ftp', 'ftp://files.example.com/cb'],
    ['not a URI', 'not a uri'],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(isWebRedirectUri(value)).toBe(false);
  });
});

describe('isNativeRedirectUri', () => {
  it.each(['com.example.app://callback', 'myapp:/callback', 'com.example.app:/oauth2redirect', 'my-app+x.y://cb?x=1'])(
    'accepts %s',
    (value) => {
      expect(isNativeRedirectUri(value)).toBe(true);
    },
  );

  it.each([
    ['http (web, not custom)', 'http://localhost:3000/cb'],
    ['https (web, not custom)', 'https://app.example.com/cb'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in mixed case', 'JavaScript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['blob:', 'blob:https://app.example.com/uuid'],
    ['about:', 'about:blank'],
    ['a fragment', 'com.example.app://callback#frag'],
    ['an empty fragment', 'com.example.app://callback#'],
    ['a scheme starting with a digit', '1app://callback'],
    ['a relative path', '/callback'],
    ['no scheme', 'callback'],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(isNativeRedirectUri(value)).toBe(false);
  });
});

describe('isHttpUrl', () => {
  it.each(['http://example.com', 'https://example.com/logo.png?v=2', 'http://localhost:3001/x'])('accepts %s', (value) => {
    expect(isHttpUrl(value)).toBe(true);
  });

  it.each(['ftp://example.com', 'com.example.app://x', '/logo.png', 'example.com', 'javascript:alert(1)', ''])(
    'rejects %j',
    (value) => {
      expect(isHttpUrl(value)).toBe(false);
    },
  );
});

describe('isWebOrigin', () => {
  it.each(['https://a.example.com', 'http://localhost:3000', 'https://a.example.com/'])('accepts %s', (value) => {
    expect(isWebOrigin(value)).toBe(true);
  });

  it.each([
    ['a path', 'https://a.example.com/path'],
    ['a query', 'https://a.example.com?q=1'],
    ['a path and query', 'http://localhost:3000/cb?x=1'],
    ['a fragment', 'https://a.example.com#x'],
    ['a non-http scheme', 'ftp://a.example.com'],
    ['a custom scheme', 'com.example.app://callback'],
    ['no scheme', 'a.example.com'],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(isWebOrigin(value)).toBe(false);
  });
});

describe('isResourceIndicator (RFC 8707)', () => {
  it.each(['https://api.example.com', 'https://api.example.com/v1', 'urn:example:api', 'http://localhost:3001/api'])(
    'accepts %s',
    (value) => {
      expect(isResourceIndicator(value)).toBe(true);
    },
  );

  it.each([
    ['a fragment', 'https://x#frag'],
    ['an empty fragment', 'https://api.example.com#'],
    ['a URN with a fragment', 'urn:example:api#x'],
    ['spaces', 'not a uri'],
    ['a relative path', '/api'],
    ['a bare host', 'api.example.com'],
    ['a scheme only', 'https:'],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(isResourceIndicator(value)).toBe(false);
  });
});
