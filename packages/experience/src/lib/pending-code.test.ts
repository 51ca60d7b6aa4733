import { describe, expect, it } from 'vitest';

import { parsePendingCode, resendWait } from './pending-code.js';

const stored = {
  interactionId: 'i1',
  page: '/sign-in',
  identifier: { type: 'email', value: 'ada@example.com' },
  verificationId: 'v1',
  sentAt: 1_000_000,
};

describe('the code step kept over a reload', () => {
  it('is shown again only for its own interaction and page', () => {
    expect(parsePendingCode(stored, 'i1', '/sign-in')).toEqual(stored);
    expect(parsePendingCode(stored, 'i2', '/sign-in')).toBeUndefined();
    expect(parsePendingCode(stored, 'i1', '/register')).toBeUndefined();
  });

  it('keeps whether the code was accepted and the answer to the terms', () => {
    expect(parsePendingCode({ ...stored, verified: true, agreeToTerms: false }, 'i1', '/sign-in')).toEqual({ ...stored, verified: true, agreeToTerms: false });
  });

  it('keeps the addresses to verify after this one (profile completion)', () => {
    const queue = [{ type: 'phone', value: '447911123456' }];
    const completion = { ...stored, page: '/continue', queue };
    expect(parsePendingCode(completion, 'i1', '/continue')).toEqual(completion);
    expect(parsePendingCode({ ...completion, queue: [{ type: 'username', value: 'ada' }] }, 'i1', '/continue')).toBeUndefined();
    expect(parsePendingCode({ ...completion, queue: 'phone' }, 'i1', '/continue')).toBeUndefined();
  });

  it('ignores what is not a code step', () => {
    expect(parsePendingCode(undefined, 'i1', '/sign-in')).toBeUndefined();
    expect(parsePendingCode('x', 'i1', '/sign-in')).toBeUndefined();
    expect(parsePendingCode({ ...stored, identifier: { type: 'username', value: 'ada' } }, 'i1', '/sign-in')).toBeUndefined();
    expect(parsePendingCode({ ...stored, verificationId: 7 }, 'i1', '/sign-in')).toBeUndefined();
    expect(parsePendingCode({ ...stored, sentAt: 'now' }, 'i1', '/sign-in')).toBeUndefined();
  });

  it('goes on with the wait to send another code from the first send', () => {
    expect(resendWait(1_000_000, 60, 1_000_000)).toBe(60);
    expect(resendWait(1_000_000, 60, 1_045_500)).toBe(15);
    expect(resendWait(1_000_000, 60, 1_061_000)).toBe(0);
    // A clock set back does not make the wait longer than a minute.
    expect(resendWait(1_000_000, 60, 900_000)).toBe(60);
  });
});
