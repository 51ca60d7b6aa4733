import {
  type PasswordPolicy,
  type PasswordPolicyInput,
  passwordPolicySchema,
} from '../entities/sign-in-experience.js';

/** Spec §9: runs of this many repeated or sequential characters are restricted. */
export const restrictedRunLength = 3;
/** Spec §9: a password must keep at least this many characters outside restricted content. */
export const restrictedTolerance = 3;

export const passwordRejectionCodes = [
  'password_rejected.too_short',
  'password_rejected.too_long',
  'password_rejected.unsupported_characters',
  'password_rejected.character_types',
  'password_rejected.pwned',
  'password_rejected.restricted.repetition',
  'password_rejected.restricted.sequence',
  'password_rejected.restricted.words',
  'password_rejected.restricted.user_info',
] as const;
export type PasswordRejectionCode = (typeof passwordRejectionCodes)[number];

export type PasswordIssue = {
  code: PasswordRejectionCode;
  /** too_short: `min`; too_long: `max`; character_types: `min` and the `count` present; words: the `words` found. */
  params?: { min?: number; max?: number; count?: number; words?: string[] };
};

/** What the user-info rule compares against; nulls are how the user entity stores absent values. */
export type PasswordUserInfo = {
  username?: string | null;
  email?: string | null;
  phone?: string | null;
  name?: string | null;
};

/** Printable ASCII, space included. */
const supportedCharacter = /^[\u0020-\u007E]$/;

const characterTypes = [/[a-z]/, /[A-Z]/, /\d/, /[\u0020-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u007E]/] as const;

const sequences = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'] as const;

/** Code points, so that a surrogate pair counts as one character. */
const charactersOf = (value: string) => [...value];

const markRange = (covered: Set<number>, start: number, length: number) => {
  for (let index = start; index < start + length; index += 1) {
    covered.add(index);
  }
};

/** Positions inside runs of the same character, `restrictedRunLength` or longer. */
const repetitionPositions = (characters: string[]) => {
  const covered = new Set<number>();
  let start = 0;
  for (let index = 1; index <= characters.length; index += 1) {
    if (index === characters.length || characters[index] !== characters[start]) {
      if (index - start >= restrictedRunLength) {
        markRange(covered, start, index - start);
      }
      start = index;
    }
  }
  return covered;
};

/** Positions inside ascending or descending runs of one of `sequences`, case-insensitive. */
const sequencePositions = (characters: string[]) => {
  const lower = characters.map((character) => character.toLowerCase());
  const covered = new Set<number>();
  for (const sequence of sequences) {
    for (const step of [1, -1]) {
      let start = 0;
      for (let index = 1; index <= lower.length; index += 1) {
        const previous = sequence.indexOf(lower[index - 1]!);
        const continues =
          index < lower.length && previous !== -1 && sequence.indexOf(lower[index]!) === previous + step;
        if (!continues) {
          if (index - start >= restrictedRunLength) {
            markRange(covered, start, index - start);
          }
          start = index;
        }
      }
    }
  }
  return covered;
};

/** Positions of every (possibly overlapping) case-insensitive occurrence of each needle. */
const occurrencePositions = (characters: string[], needles: Iterable<string>) => {
  const haystack = characters.map((character) => character.toLowerCase());
  const covered = new Set<number>();
  const found: string[] = [];
  for (const needle of needles) {
    const target = charactersOf(needle.toLowerCase());
    if (target.length === 0) {
      continue;
    }
    let matched = false;
    for (let start = 0; start + target.length <= haystack.length; start += 1) {
      if (target.every((character, offset) => haystack[start + offset] === character)) {
        markRange(covered, start, target.length);
        matched = true;
      }
    }
    if (matched) {
      found.push(needle);
    }
  }
  return { covered, found };
};

/**
 * The user's identifying strings. Values shorter than `restrictedRunLength` are left out: a
 * two-letter name would otherwise count as user info wherever those letters meet.
 */
const userInfoNeedles = ({ username, email, phone, name }: PasswordUserInfo) => {
  const localPart = email?.includes('@') ? email.slice(0, email.lastIndexOf('@')) : undefined;
  const nameParts = name?.split(/\s+/) ?? [];
  return new Set(
    [username, email, localPart, phone, name, ...nameParts]
      .map((value) => value?.trim() ?? '')
      .filter((value) => charactersOf(value).length >= restrictedRunLength),
  );
};

export type BreachCheckOptions = {
  /** The Pwned Passwords range API, or a compatible mirror. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
};

/**
 * Whether the password appears in the Pwned Passwords corpus, by k-anonymity: only the first 5
 * hex digits of its SHA-1 leave this process. Padding is requested so the answer's size does not
 * give the prefix away either; padding entries have a count of 0. Throws when the service cannot
 * be reached or answers with an error status.
 */
export const isPasswordBreached = async (
  password: string,
  { baseUrl = 'https://api.pwnedpasswords.com', fetch = globalThis.fetch, timeoutMs = 3000 }: BreachCheckOptions = {},
): Promise<boolean> => {
  // globalThis.crypto (not node:crypto) so the check also runs in browsers.
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(password));
  const hash = [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/range/${prefix}`, {
      headers: { 'Add-Padding': 'true' },
      signal: controller.signal,
    });
    if (!response.ok) {
      throw new Error(`Pwned Passwords range request failed with HTTP ${response.status}.`);
    }
    const body = await response.text();
    return body.split(/\r?\n/).some((line) => {
      const [lineSuffix = '', count = ''] = line.trim().split(':');
      return lineSuffix.toUpperCase() === suffix && Number(count) > 0;
    });
  } finally {
    clearTimeout(timer);
  }
};

/** Checks passwords against a sign-in experience's password policy (spec §5). */
export class PasswordPolicyChecker {
  readonly policy: PasswordPolicy;

  /** Takes the policy as stored (`{}` is the default policy); throws if it is invalid. */
  constructor(policy: PasswordPolicyInput = {}) {
    this.policy = passwordPolicySchema.parse(policy);
  }

  /** Every rule except the breach check, in a stable order. */
  checkSync(password: string, userInfo: PasswordUserInfo = {}): PasswordIssue[] {
    const { length, characterTypes: types } = this.policy;
    const characters = charactersOf(password);
    const issues: PasswordIssue[] = [];

    if (characters.length < length.min) {
      issues.push({ code: 'password_rejected.too_short', params: { min: length.min } });
    }
    if (characters.length > length.max) {
      issues.push({ code: 'password_rejected.too_long', params: { max: length.max } });
    }
    if (!characters.every((character) => supportedCharacter.test(character))) {
      issues.push({ code: 'password_rejected.unsupported_characters' });
    }
    const typeCount = characterTypes.filter((pattern) => pattern.test(password)).length;
    if (typeCount < types.min) {
      issues.push({ code: 'password_rejected.character_types', params: { min: types.min, count: typeCount } });
    }

    issues.push(...this.restrictedIssues(characters, userInfo));
    return issues;
  }

  /**
   * `checkSync` plus the breach check when `rejects.pwned` is on. The breach check defaults to
   * {@link isPasswordBreached} and is skipped when the password is already rejected, so a form that
   * checks as the user types does not query it for every keystroke. A failing breach check rejects
   * the returned promise; pass one that catches to let passwords through when it is unavailable.
   */
  async check(
    password: string,
    userInfo: PasswordUserInfo = {},
    { breachCheck = isPasswordBreached }: { breachCheck?: (password: string) => Promise<boolean> } = {},
  ): Promise<PasswordIssue[]> {
    const issues = this.checkSync(password, userInfo);
    if (issues.length === 0 && this.policy.rejects.pwned && (await breachCheck(password))) {
      issues.push({ code: 'password_rejected.pwned' });
    }
    return issues;
  }

  /**
   * The tolerance counts the characters covered by all restricted kinds together, not each kind
   * alone: otherwise `aaa` + `123` + a username could each stay under the limit while the password
   * holds nothing else. Spec §5 "exceed length minus 3 (at least 1)" is read literally: rejected
   * when covered > max(length - 3, 1). Each kind that covered anything is then reported.
   */
  private restrictedIssues(characters: string[], userInfo: PasswordUserInfo): PasswordIssue[] {
    const { rejects } = this.policy;
    const kinds: Array<{ issue: PasswordIssue; covered: Set<number> }> = [];

    if (rejects.repetitionAndSequence) {
      kinds.push(
        { issue: { code: 'password_rejected.restricted.repetition' }, covered: repetitionPositions(characters) },
        { issue: { code: 'password_rejected.restricted.sequence' }, covered: sequencePositions(characters) },
      );
    }
    if (rejects.userInfo) {
      const { covered } = occurrencePositions(characters, userInfoNeedles(userInfo));
      kinds.push({ issue: { code: 'password_rejected.restricted.user_info' }, covered });
    }
    if (rejects.words.length > 0) {
      const { covered, found } = occurrencePositions(characters, rejects.words);
      kinds.push({ issue: { code: 'password_rejected.restricted.words', params: { words: found } }, covered });
    }

    const restricted = new Set(kinds.flatMap(({ covered }) => [...covered]));
    const allowed = Math.max(characters.length - restrictedTolerance, 1);
    if (restricted.size <= allowed) {
      return [];
    }
    return kinds.filter(({ covered }) => covered.size > 0).map(({ issue }) => issue);
  }
}
