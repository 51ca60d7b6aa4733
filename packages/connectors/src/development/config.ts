import { isAbsolute } from 'node:path';

import { z } from 'zod';

export const developmentConfigSchema = z.object({
  /** Where each message is written as a JSON file; created when missing. */
  directory: z.string().min(1).max(4096).refine(isAbsolute, { message: 'Must be an absolute path.' }),
});
export type DevelopmentConfig = z.infer<typeof developmentConfigSchema>;
