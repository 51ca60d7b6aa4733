import { auditLogKeys, logKeys } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { describeLogKey, logKeyGroups } from './log-keys.js';

describe('log keys', () => {
  it('reads token request keys by grant', () => {
    expect(describeLogKey('ExchangeTokenBy.ClientCredentials')).toEqual({ kind: 'token', grant: 'ClientCredentials' });
    expect(describeLogKey('ExchangeTokenBy.Unknown')).toEqual({ kind: 'token', grant: 'Unknown' });
    expect(describeLogKey('ExchangeTokenBy.Password')).toEqual({ kind: 'other' });
    expect(describeLogKey('ExchangeTokenBy.ClientCredentials.Extra')).toEqual({ kind: 'other' });
  });

  it('reads sign-in flow keys whose step holds dots, and the unknown event', () => {
    expect(describeLogKey('Interaction.SignIn.Verification.Password')).toEqual({ kind: 'interaction', event: 'SignIn', step: 'Verification.Password' });
    expect(describeLogKey('Interaction.Register.Submit')).toEqual({ kind: 'interaction', event: 'Register', step: 'Submit' });
    expect(describeLogKey('Interaction.Unknown.Create')).toEqual({ kind: 'interaction', event: 'Unknown', step: 'Create' });
    expect(describeLogKey('Interaction.SignIn.Verification')).toEqual({ kind: 'other' });
    expect(describeLogKey('Interaction.Lunch.Submit')).toEqual({ kind: 'other' });
    expect(describeLogKey('')).toEqual({ kind: 'other' });
  });

  it('understands every key the server writes', () => {
    expect(auditLogKeys.filter((key) => describeLogKey(key).kind === 'other')).toEqual([]);
  });

  it('groups the filter options: token requests first, then each sign-in flow event', () => {
    const groups = logKeyGroups();
    expect(groups.map((entry) => entry.group)).toEqual(['token', 'SignIn', 'Register', 'ForgotPassword']);
    expect(groups[0]!.keys).toEqual([...logKeys]);
    expect(groups[1]!.keys[0]).toBe('Interaction.SignIn.Create');
    expect(groups.flatMap((entry) => entry.keys)).toHaveLength(auditLogKeys.length);
    expect(logKeyGroups(['Custom.Key', 'Interaction.Unknown.Submit', 'ExchangeTokenBy.RefreshToken'])).toEqual([
      { group: 'token', keys: ['ExchangeTokenBy.RefreshToken'] },
    ]);
  });
});
