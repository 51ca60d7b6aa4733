import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type PasswordPolicyInput } from '../entities/sign-in-experience.js';
import { isPasswordBreached, type PasswordUserInfo, PasswordPolicyChecker } from './password-policy.js';

const codesOf = (password: string, policy: PasswordPolicyInput = {}, userInfo?: PasswordUserInfo) =>
  new PasswordPolicyChecker(policy).checkSync(password, userInfo).map(({ code }) => code);

/** 8 characters of all four types with no repetition, sequence or common word. */
const strong = 'Xk9#mQ2w';

describe('PasswordPolicyChecker.checkSync', () => {
  it('accepts a strong password under the default policy (stored as {})', () => {
    expect(new PasswordPolicyChecker().checkSync('Tr0ub4dor&3x')).toEqual([]);
    expect(new PasswordPolicyChecker({}).policy.length).toEqual({ min: 8, max: 256 });
  });

  it('refuses an invalid policy', () => {
    expect(() => new PasswordPolicyChecker({ length: { min: 10, max: 9 } })).toThrow();
  });

  describe('length', () => {
    it('too_short below the minimum of 8', () => {
      expect(new PasswordPolicyChecker().checkSync(strong.slice(0, 7))).toEqual([
        { code: 'password_rejected.too_short', params: { min: 8 } },
      ]);
      expect(codesOf(strong)).toEqual([]);
    });

    it('too_long above the maximum of 256', () => {
      const longest = strong.repeat(32);
      expect(longest).toHaveLength(256);
      expect(codesOf(longest)).toEqual([]);
      expect(new PasswordPolicyChecker().checkSync(`${longest}Z`)).toEqual([
        { code: 'password_rejected.too_long', params: { max: 256 } },
      ]);
    });

    it('follows a custom policy', () => {
      expect(codesOf('Xk9#mQ2wZ', { length: { min: 10, max: 12 } })).toEqual(['password_rejected.too_short']);
      expect(codesOf('Xk9#mQ2wZ!p', { length: { min: 10, max: 12 } })).toEqual([]);
      expect(codesOf('Xk9#mQ2wZ!pR7', { length: { min: 10, max: 12 } })).toEqual(['password_rejected.too_long']);
    });

    it('counts characters, not UTF-16 units', () => {
      expect(codesOf('😀Xk9#mQ2')).toEqual(['password_rejected.unsupported_characters']);
    });
  });

  describe('unsupported_characters', () => {
    it('refuses anything outside printable ASCII', () => {
      for (const password of ['pässwordXk9#', 'Xk9#mQ2w密码', 'Xk9#mQ2w\t', 'Xk9#mQ2w\u00A0', 'Xk9#\u{1F600}mQ2w']) {
        expect(codesOf(password)).toEqual(['password_rejected.unsupported_characters']);
      }
    });

    it('accepts space and tilde, the ends of the range', () => {
      expect(codesOf('Xk9 mQ2~')).toEqual([]);
    });
  });

  describe('character_types', () => {
    const cases = [
      ['hjdkelmv', 1],
      ['hjdkelmV', 2],
      ['hjdk elm', 2],
      ['hjdkelm7', 2],
      ['hjdkeL7x', 3],
      ['hjdkeL7!', 4],
    ] as const;

    it.each([1, 2, 3, 4])('requires %i of lowercase, uppercase, digits and symbols', (min) => {
      for (const [password, count] of cases) {
        const issues = new PasswordPolicyChecker({ characterTypes: { min } }).checkSync(password);
        expect(issues).toEqual(count >= min ? [] : [{ code: 'password_rejected.character_types', params: { min, count } }]);
      }
    });
  });

  describe('restricted content and its tolerance: rejected when covered > max(length - 3, 1)', () => {
    it.each([
      // [password, covered, allowed]
      ['Passw0rd!aaa', 3, 9],
      ['xyzPassword9!', 3, 10],
      ['Xk9#aaaa', 4, 5],
      ['Xk9aaaaa', 5, 5],
    ])('accepts %s (%i restricted, %i allowed)', (password) => {
      expect(codesOf(password)).toEqual([]);
    });

    it.each([
      ['aaaaaaaa', 'password_rejected.restricted.repetition'],
      ['Xkaaaaaa', 'password_rejected.restricted.repetition'],
      ['abcdefgh1', 'password_rejected.restricted.sequence'],
    ])('rejects %s', (password, code) => {
      expect(codesOf(password, { characterTypes: { min: 1 } })).toContain(code);
    });

    it('allows at least 1 restricted character in very short passwords', () => {
      expect(codesOf('aaa', { length: { min: 1 } })).toEqual(['password_rejected.restricted.repetition']);
      expect(codesOf('aab', { length: { min: 1 } })).toEqual([]);
    });

    it('counts all kinds together, and reports each kind that contributed', () => {
      const userInfo = { username: 'jdoe' };
      // 3 repeated + 3 sequential + 4 username = 10 of 11; each alone would be within the 8 allowed.
      expect(codesOf('aaa123jdoeX', {}, userInfo)).toEqual([
        'password_rejected.restricted.repetition',
        'password_rejected.restricted.sequence',
        'password_rejected.restricted.user_info',
      ]);
      expect(codesOf('aaa123jdoeK#m', {}, userInfo)).toEqual([]);
    });

    it('is off when the policy turns each kind off', () => {
      const policy = { rejects: { repetitionAndSequence: false, userInfo: false } };
      expect(codesOf('aaaaaaaa', policy)).toEqual([]);
      expect(codesOf('abcdefgh1', policy)).toEqual([]);
      expect(codesOf('JohnSmith1', policy, { username: 'johnsmith' })).toEqual([]);
    });
  });

  describe('restricted.repetition', () => {
    it('is the same character 3 or more times in a row, case-sensitive', () => {
      expect(codesOf('1111111!')).toEqual(['password_rejected.restricted.repetition']);
      expect(codesOf('aAaAaAaA')).toEqual([]);
      expect(codesOf('aabbccdd')).toEqual([]);
    });
  });

  describe('restricted.sequence', () => {
    it.each(['abcdefgh1', 'ZYXWVUts', 'aBcDeFg!', '01234567', '9876543210', 'qwertyuiop1', 'lkjhgfdsa', 'zxcvbnm!'])(
      'rejects %s',
      (password) => {
        expect(codesOf(password)).toEqual(['password_rejected.restricted.sequence']);
      },
    );

    it('does not wrap around or jump between rows', () => {
      expect(codesOf('8908908', { length: { min: 1 } })).toEqual([]);
      expect(codesOf('lzlzlzlz')).toEqual([]);
      expect(codesOf('acegikmo')).toEqual([]);
    });
  });

  describe('restricted.user_info', () => {
    it.each<[string, PasswordUserInfo]>([
      ['JohnSmith1', { username: 'johnsmith' }],
      ['jane.doe!9', { email: 'jane.doe@example.com' }],
      ['jd@x.io12', { email: 'jd@x.io' }],
      ['13907148562x', { phone: '13907148562' }],
      ['Lovelace#1', { name: 'Ada Lovelace' }],
      ['AdaLovelace', { name: 'Ada Lovelace' }],
    ])('rejects %s for %o', (password, userInfo) => {
      expect(codesOf(password, {}, userInfo)).toEqual(['password_rejected.restricted.user_info']);
    });

    it('ignores absent, null and short values', () => {
      expect(codesOf('JohnSmith1')).toEqual([]);
      expect(codesOf('JohnSmith1', {}, { username: null, email: null, name: 'Jo Sm' })).toEqual([]);
    });
  });

  describe('restricted.words', () => {
    it('matches custom words case-insensitively and names them', () => {
      const checker = new PasswordPolicyChecker({ rejects: { words: ['acme', 'widget'] } });
      expect(checker.checkSync('AcmeACME1')).toEqual([
        { code: 'password_rejected.restricted.words', params: { words: ['acme'] } },
      ]);
      expect(checker.checkSync('Acme#Xk9mQ2w')).toEqual([]);
    });
  });
});

describe('PasswordPolicyChecker.check', () => {
  it('adds pwned when the breach check says so', async () => {
    const checker = new PasswordPolicyChecker();
    expect(await checker.check('Tr0ub4dor&3x', {}, { breachCheck: async () => true })).toEqual([
      { code: 'password_rejected.pwned' },
    ]);
    expect(await checker.check('Tr0ub4dor&3x', {}, { breachCheck: async () => false })).toEqual([]);
  });

  it('skips the breach check when pwned is off or the password is already rejected', async () => {
    const breachCheck = vi.fn(async () => true);
    expect(await new PasswordPolicyChecker({ rejects: { pwned: false } }).check('Tr0ub4dor&3x', {}, { breachCheck })).toEqual([]);
    expect(await new PasswordPolicyChecker().check('short', {}, { breachCheck })).toEqual([
      { code: 'password_rejected.too_short', params: { min: 8 } },
    ]);
    expect(breachCheck).not.toHaveBeenCalled();
  });

  it('passes a breach check failure on to the caller', async () => {
    const breachCheck = async () => {
      throw new Error('offline');
    };
    await expect(new PasswordPolicyChecker().check('Tr0ub4dor&3x', {}, { breachCheck })).rejects.toThrow('offline');
  });
});

describe('isPasswordBreached', () => {
  // SHA-1("password") = 5BAA6 1E4C9B93F3F0682250B6CF8331B7EE68FD8
  const passwordSuffix = '1E4C9B93F3F0682250B6CF8331B7EE68FD8';
  const requests: Array<{ url?: string; headers: IncomingHttpHeaders }> = [];
  let ranges: Record<string, string> = {};
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push({ url: request.url, headers: request.headers });
      if (request.url === '/slow/range/5BAA6') {
        return; // Never answers.
      }
      const prefix = /^\/range\/([\dA-F]{5})$/.exec(request.url ?? '')?.[1];
      if (!prefix || !(prefix in ranges)) {
        response.writeHead(prefix ? 503 : 404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end(ranges[prefix]);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks for the 5-character prefix with padding and finds the suffix', async () => {
    ranges = { '5BAA6': `0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${passwordSuffix}:9659365\r\n011053FD0102E94D6AE2F8B83D76FAF94F6:0` };
    requests.length = 0;
    expect(await isPasswordBreached('password', { baseUrl })).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/range/5BAA6');
    expect(requests[0]!.headers['add-padding']).toBe('true');
  });

  it('treats a padding entry (count 0) and an absent suffix as not breached', async () => {
    ranges = { '5BAA6': `${passwordSuffix}:0\r\n0018A45C4D1DEF81644B54AB7F969B88D65:3` };
    expect(await isPasswordBreached('password', { baseUrl })).toBe(false);
    ranges = { '5BAA6': '0018A45C4D1DEF81644B54AB7F969B88D65:3' };
    expect(await isPasswordBreached('password', { baseUrl: `${baseUrl}/` })).toBe(false);
  });

  it('uses the given fetch', async () => {
    const fetch = vi.fn(async () => new Response(`${passwordSuffix.toLowerCase()}:2\n`));
    expect(await isPasswordBreached('password', { baseUrl: 'https://mirror.example.com', fetch })).toBe(true);
    expect(fetch).toHaveBeenCalledWith('https://mirror.example.com/range/5BAA6', expect.anything());
  });

  it('throws on an HTTP error', async () => {
    ranges = {};
    await expect(isPasswordBreached('password', { baseUrl })).rejects.toThrow('HTTP 503');
  });

  it('throws when the service does not answer in time', async () => {
    await expect(isPasswordBreached('password', { baseUrl: `${baseUrl}/slow`, timeoutMs: 50 })).rejects.toThrow();
  });

  it('throws when the service cannot be reached', async () => {
    const fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(isPasswordBreached('password', { baseUrl, fetch })).rejects.toThrow('fetch failed');
  });
});
