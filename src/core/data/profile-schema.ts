/**
 * A table's profile as it comes back in: from another tab (core/session/engine-messages.ts) or
 * from a database file kept for a session, where it is stored with the table it describes
 * (table-info.ts). Checked before the page relies on it (ARCHITECTURE.md, Layers).
 */
import { z } from 'zod';
import type { ColumnProfile, TableProfile } from './engine.ts';

export const columnProfile = z.object({
  column: z.string(),
  type: z.string(),
  nonNullCount: z.number(),
  uniqueCount: z.number(),
  uniqueApprox: z.boolean().optional(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  typicalValues: z.array(z.object({ value: z.string().nullable(), count: z.number() })),
  typicalSample: z.number().optional(),
  // Optional: profiles stored before histograms were counted still validate.
  histogram: z.array(z.number()).optional(),
  issues: z.array(z.string()),
}) satisfies z.ZodType<ColumnProfile>;

export const tableProfile = z.object({
  table: z.string(),
  rows: z.number(),
  columns: z.array(columnProfile),
  durationMs: z.number(),
}) satisfies z.ZodType<TableProfile>;
