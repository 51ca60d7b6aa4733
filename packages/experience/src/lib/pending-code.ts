import { sessionStore, storageKeys } from './storage.js';

export type CodeIdentifier = { type: 'email' | 'phone'; value: string };

/**
 * A code step in progress (code sign-in, code registration, password reset, an address added to
 * complete the profile), kept in session storage so that a reload shows the code field again for
 * the code already sent: the server refuses a new one for a minute. Nothing secret: the address
 * and the verification's id, which works only with the browser's interaction cookie.
 */
export type PendingCode = {
  /** The interaction it belongs to: a later sign-in in the same tab does not see it. */
  interactionId: string;
  /** The page path it belongs to (`/sign-in`, `/register`, `/forgot-password`, `/continue`). */
  page: string;
  identifier: CodeIdentifier;
  verificationId: string;
  /** When the code was sent (milliseconds since 1970): the resend countdown goes on from there. */
  sentAt: number;
  /** The code was accepted: a reload goes on from there instead of asking for it again. */
  verified?: boolean;
  /** The answer to the terms given on the form, for the submit after the code. */
  agreeToTerms?: boolean;
  /** The addresses to verify after this one (profile completion asking for an email and a phone). */
  queue?: CodeIdentifier[];
};

const isCodeIdentifier = (value: unknown): value is CodeIdentifier => {
  const identifier = value as Partial<CodeIdentifier> | null | undefined;
  return (identifier?.type === 'email' || identifier?.type === 'phone') && typeof identifier.value === 'string';
};

/** The stored step when it is one, and for this interaction and page; else undefined. */
export const parsePendingCode = (stored: unknown, interactionId: string, page: string): PendingCode | undefined => {
  const pending = stored as Partial<PendingCode> | null | undefined;
  return pending?.interactionId === interactionId &&
    pending.page === page &&
    isCodeIdentifier(pending.identifier) &&
    (pending.queue === undefined || (Array.isArray(pending.queue) && pending.queue.every(isCodeIdentifier))) &&
    typeof pending.verificationId === 'string' &&
    typeof pending.sentAt === 'number'
    ? (pending as PendingCode)
    : undefined;
};

/** Seconds left of the wait before the code can be sent again, `delay` seconds after `sentAt`. */
export const resendWait = (sentAt: number, delay: number, now = Date.now()) =>
  Math.max(0, Math.min(delay, Math.ceil((sentAt + delay * 1000 - now) / 1000)));

/** The last value written, for a browser that refuses web storage (the step then lasts until a reload). */
let memory: unknown;

export const loadPendingCode = (interactionId: string, page: string) =>
  parsePendingCode(sessionStore.get<unknown>(storageKeys.codeStep) ?? memory, interactionId, page);

export const savePendingCode = (pending: PendingCode | undefined) => {
  memory = pending;
  sessionStore.set(storageKeys.codeStep, pending);
};
