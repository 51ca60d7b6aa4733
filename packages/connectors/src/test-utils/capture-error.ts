import { expect } from 'vitest';

import { ConnectorError } from '../kit/errors.js';

/** The ConnectorError a promise rejects with; fails the test when it resolves or rejects otherwise. */
export const captureConnectorError = async (promise: Promise<unknown>): Promise<ConnectorError> => {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
};
