/** Tokens one model call used, as the API counts them (cache reads and writes apart). */
import { z } from 'zod';

export const usageFields = {
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number(),
  cacheWriteTokens: z.number(),
};

export const usage = z.object(usageFields);

export type Usage = z.infer<typeof usage>;
