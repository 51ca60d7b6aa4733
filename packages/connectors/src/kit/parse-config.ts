import { ConnectorError } from './errors.js';
import { type ConnectorMetadata } from './metadata.js';

/** Validates a stored or submitted config against the connector's guard. */
export const parseConfig = <C>(connector: { metadata: ConnectorMetadata<C> }, rawConfig: unknown): C => {
  const result = connector.metadata.configGuard.safeParse(rawConfig);
  if (!result.success) {
    // Issue messages and paths only: zod's `input` would echo secrets back.
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    throw new ConnectorError('invalid_config', `Invalid ${connector.metadata.id} connector config.`, { issues });
  }
  return result.data;
};
