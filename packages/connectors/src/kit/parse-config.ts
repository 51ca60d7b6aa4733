import { ConnectorError } from './errors.js';
import { type ConnectorMetadata } from './metadata.js';

/**
 * One config issue as zod reported it (code, message and the issue's own fields, for translating
 * it), path dotted. The input is never kept, since it may be a secret: an `invalid_type` issue gets
 * a stand-in of the same type instead, which is all its message needs.
 */
export type ConfigIssue = { path: string; code: string; message: string; input?: unknown } & Record<string, unknown>;

const standIn = (input: unknown): unknown => {
  if (input === null || input === undefined || typeof input === 'boolean') {
    return input;
  }
  if (typeof input === 'number') {
    return Number.isFinite(input) ? 0 : input;
  }
  if (typeof input === 'string') {
    return '';
  }
  if (typeof input === 'bigint') {
    return 0n;
  }
  if (Array.isArray(input)) {
    return [];
  }
  if (input instanceof Date) {
    return new Date(0);
  }
  return typeof input === 'object' ? {} : undefined;
};

/** The issue fields zod's messages are made of (nested issues, which hold inputs, are left out). */
const translatedFields = new Set(['expected', 'values', 'origin', 'minimum', 'maximum', 'inclusive', 'exact', 'format', 'pattern', 'prefix', 'suffix', 'includes', 'divisor', 'keys', 'options']);

/** Validates a stored or submitted config against the connector's guard. */
export const parseConfig = <C>(connector: { metadata: ConnectorMetadata<C> }, rawConfig: unknown): C => {
  const result = connector.metadata.configGuard.safeParse(rawConfig, { reportInput: true });
  if (!result.success) {
    const issues: ConfigIssue[] = result.error.issues.map((issue) => {
      const fields = Object.entries(issue).filter(([name]) => translatedFields.has(name));
      return {
        ...Object.fromEntries(fields),
        path: issue.path.map(String).join('.'),
        code: issue.code,
        message: issue.message,
        ...(issue.code === 'invalid_type' ? { input: standIn(issue.input) } : {}),
      };
    });
    throw new ConnectorError('invalid_config', `Invalid ${connector.metadata.id} connector config.`, { issues });
  }
  return result.data;
};
