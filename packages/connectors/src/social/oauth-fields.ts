import { z } from 'zod';

import { stringMapSchema, withPublishedMessage } from '../kit/config-fields.js';

export const tokenEndpointAuthMethodSchema = z
  .enum(['client_secret_basic', 'client_secret_post'])
  .default('client_secret_basic');

/** Parameters the flow sets itself; custom ones may not replace them. */
const reservedParams = new Set([
  'client_id',
  'code_challenge',
  'code_challenge_method',
  'nonce',
  'redirect_uri',
  'response_mode',
  'response_type',
  'scope',
  'state',
]);

/** Extra authorization request parameters (`prompt`, `access_type`, `hd`, …). */
export const customParamsSchema = stringMapSchema.refine(
  (params) => Object.keys(params).every((name) => !reservedParams.has(name)),
  { message: `May not set ${[...reservedParams].join(', ')}.` },
);

export const clientIdSchema = z.string().min(1).max(512);
export const clientSecretSchema = z.string().min(1).max(4096);

const standardTargetMessage = 'Must be lowercase letters, digits and hyphens, starting with a letter.';

/** An administrator-chosen target for generic connectors, e.g. `okta`. */
export const standardTargetSchema = withPublishedMessage(
  z.string().min(1).max(128).regex(/^[a-z][\da-z-]*$/, standardTargetMessage),
  standardTargetMessage,
);
