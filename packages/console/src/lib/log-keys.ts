import { auditLogKeys, interactionEventSchema, interactionLogSteps, type InteractionEvent, type InteractionLogStep } from '@gatehouse/schemas';

const tokenGrants = ['AuthorizationCode', 'RefreshToken', 'ClientCredentials', 'TokenExchange', 'Unknown'] as const;
export type TokenGrant = (typeof tokenGrants)[number];

/** What a log key is about: a token request by grant, a step of a sign-in flow, or a key this console does not know. */
export type LogKeyMeaning =
  | { kind: 'token'; grant: TokenGrant }
  | { kind: 'interaction'; event: InteractionEvent | 'Unknown'; step: InteractionLogStep }
  | { kind: 'other' };

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/** Reads `ExchangeTokenBy.{grant}` and `Interaction.{event}.{step}` (the step may hold dots). */
export const describeLogKey = (key: string): LogKeyMeaning => {
  const [head, second = '', ...rest] = key.split('.');
  if (head === 'ExchangeTokenBy' && rest.length === 0 && isOneOf(tokenGrants, second)) {
    return { kind: 'token', grant: second };
  }
  const step = rest.join('.');
  const events: readonly string[] = [...interactionEventSchema.options, 'Unknown'];
  if (head === 'Interaction' && events.includes(second) && isOneOf(interactionLogSteps, step)) {
    return { kind: 'interaction', event: second as InteractionEvent | 'Unknown', step };
  }
  return { kind: 'other' };
};

export type LogKeyGroup = 'token' | InteractionEvent;

/** The keys of the event filter, grouped: token requests first, then each sign-in flow event, in the server's order. */
export const logKeyGroups = (keys: readonly string[] = auditLogKeys): { group: LogKeyGroup; keys: string[] }[] => {
  const groups = new Map<LogKeyGroup, string[]>();
  for (const key of keys) {
    const meaning = describeLogKey(key);
    const group: LogKeyGroup | undefined =
      meaning.kind === 'token' ? 'token' : meaning.kind === 'interaction' && meaning.event !== 'Unknown' ? meaning.event : undefined;
    if (group) {
      groups.set(group, [...(groups.get(group) ?? []), key]);
    }
  }
  return [...groups].map(([group, members]) => ({ group, keys: members }));
};
