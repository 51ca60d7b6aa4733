/** What `POST /submit` answered `user.missing_profile` for, as fields of the continue page. */
export type MissingField =
  | { kind: 'username' }
  | { kind: 'password' }
  | { kind: 'email' }
  | { kind: 'phone' }
  /** A secondary identifier the user may give as either an email or a phone number. */
  | { kind: 'emailOrPhone' }
  | { kind: 'custom'; name: string };

export type MissingProfile = {
  fields: MissingField[];
  /** Paths the page does not know how to collect (shown as a message rather than ignored). */
  unknown: string[];
};

const builtIn: Record<string, MissingField> = {
  username: { kind: 'username' },
  password: { kind: 'password' },
  email: { kind: 'email' },
  primaryEmail: { kind: 'email' },
  phone: { kind: 'phone' },
  primaryPhone: { kind: 'phone' },
  emailOrPhone: { kind: 'emailOrPhone' },
};

const customPrefix = 'customProfile.';

/**
 * Maps the `details[].path` of a `user.missing_profile` error to the fields to collect, in the
 * order the server listed them, without duplicates. `customProfile.<name>` names a custom profile
 * field (only the first segment after the prefix counts: `customProfile.address.locality` is the
 * `address` field).
 */
export const parseMissingProfile = (details: ReadonlyArray<{ path: string }> | undefined): MissingProfile => {
  const fields: MissingField[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  for (const { path } of details ?? []) {
    const clean = path.replace(/^body\./, '');
    let field: MissingField | undefined = builtIn[clean];
    if (!field && clean.startsWith(customPrefix)) {
      const name = clean.slice(customPrefix.length).split('.')[0];
      field = name ? { kind: 'custom', name } : undefined;
    }
    if (!field) {
      if (!seen.has(`?${clean}`)) {
        unknown.push(clean);
        seen.add(`?${clean}`);
      }
      continue;
    }
    const key = field.kind === 'custom' ? `custom:${field.name}` : field.kind;
    if (!seen.has(key)) {
      seen.add(key);
      fields.push(field);
    }
  }
  // "Email or phone" already covers each of them.
  if (fields.some((field) => field.kind === 'emailOrPhone')) {
    return { fields: fields.filter((field) => field.kind !== 'email' && field.kind !== 'phone'), unknown };
  }
  return { fields, unknown };
};
