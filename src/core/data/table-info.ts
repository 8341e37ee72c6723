/**
 * `TableInfo` as it comes back from a database file kept for a session (workers/adopt-tables.ts):
 * each table carries its own description as a DuckDB comment, written by an older Sift perhaps,
 * or damaged, so it is checked before the page relies on it (ARCHITECTURE.md, Layers: records
 * that come back in are validated).
 */
import { z } from 'zod';
import { dateOrderChoice } from './date-order.ts';
import { textEncodingName } from './encodings.ts';
import type { ReadChoice, TableInfo, TableProfile } from './engine.ts';
import { tableProfile } from './profile-schema.ts';

/** A column's name and DuckDB type, as a table's schema and a query's result give them. */
export const resultColumn = z.object({ name: z.string(), type: z.string() });

const columnConversion = z.object({
  column: z.string(),
  type: z.string(),
  how: z.string(),
  example: z.object({ from: z.string(), to: z.string() }),
  values: z.number(),
  misfits: z.number(),
  misfitColumn: z.string().optional(),
  ambiguous: z.string().optional(),
  why: z.string().optional(),
  otherOrders: z.array(dateOrderChoice).optional(),
});

/**
 * The version of the way Sift reads files into tables. A table described under another version
 * is read again from its file rather than taken from a database file: a reader fixed since must
 * not leave an old reading in place. Raise it whenever a reader (workers/read-file.ts and what it
 * calls) may read a file differently (ARCHITECTURE.md, Where a change goes).
 */
export const READS_VERSION = 2;

/**
 * How big a table's recipe may be (TableInfo.recipe): a conversion of many columns of local
 * numbers is some kilobytes a column. A larger one is not kept (withinLimits), so that a
 * description never fails its check and makes the table be read again.
 */
export const RECIPE_LIMITS = { statements: 64, statementChars: 1_000_000 };

/** The recipe when it is within RECIPE_LIMITS, else nothing. */
export const withinLimits = (recipe: string[]): string[] | undefined =>
  recipe.length <= RECIPE_LIMITS.statements &&
  recipe.every((s) => s.length <= RECIPE_LIMITS.statementChars)
    ? recipe
    : undefined;

export const tableInfo = z.object({
  name: z.string(),
  fileName: z.string(),
  fileBytes: z.number(),
  rows: z.number(),
  columns: z.array(z.object({ original: z.string().nullable(), name: z.string() })),
  schema: z.array(resultColumn).optional(),
  format: z.enum(['csv', 'tsv', 'parquet', 'json', 'jsonl', 'xlsx']),
  sheet: z.string().optional(),
  encoding: textEncodingName,
  readAs: textEncodingName.optional(),
  notes: z.array(z.string()),
  conversions: z.array(columnConversion).optional(),
  asWritten: z.boolean().optional(),
  dates: dateOrderChoice.optional(),
  recipe: z
    .array(z.string().max(RECIPE_LIMITS.statementChars))
    .max(RECIPE_LIMITS.statements)
    .optional(),
  loadMs: z.number(),
  fileModified: z.number().optional(),
  database: z.string().optional(),
}) satisfies z.ZodType<TableInfo>;

const description = z.object({
  reads: z.number(),
  table: tableInfo,
  /** Checked apart (keptTableOf): a profile that does not fit costs only its computing again. */
  profile: z.unknown().optional(),
});

/** A table as its database file describes it, and its profile once one was computed there. */
export interface KeptTable {
  table: TableInfo;
  profile?: TableProfile;
}

/**
 * What the database file says of a table: written as its comment at its load, and again with
 * its profile once that is computed (workers/engine.ts), so that a session reopened from the file
 * shows the profile at once instead of computing it again (16.9 s for a 1 GB table).
 */
export const describeTable = (table: TableInfo, profile?: TableProfile): string =>
  JSON.stringify({ reads: READS_VERSION, table, ...(profile ? { profile } : {}) });

/** Whether `profile` is of `table` as it is: its name, its row count, its columns in order. */
export function profileFits(table: TableInfo, profile: TableProfile): boolean {
  const columns = (table.schema ?? table.columns).map((c) => c.name);
  return (
    profile.table === table.name &&
    profile.rows === table.rows &&
    JSON.stringify(profile.columns.map((c) => c.column)) === JSON.stringify(columns)
  );
}

/**
 * The table (and its profile) as described by `comment`, or null when it is not a description
 * this version of Sift's readers wrote. A profile that is not of that table as it is (profileFits)
 * is left out.
 */
export function keptTableOf(comment: unknown): KeptTable | null {
  if (typeof comment !== 'string') return null;
  try {
    const parsed = description.safeParse(JSON.parse(comment));
    if (!parsed.success || parsed.data.reads !== READS_VERSION) return null;
    const { table } = parsed.data;
    const profile = tableProfile.safeParse(parsed.data.profile);
    return profile.success && profileFits(table, profile.data)
      ? { table, profile: profile.data }
      : { table };
  } catch {
    return null;
  }
}

/** The table as described by `comment` (keptTableOf, without its profile). */
export const tableInfoOf = (comment: unknown): TableInfo | null =>
  keptTableOf(comment)?.table ?? null;

/**
 * Whether `info` was read from `file` — the same name, size and modification time, which a File
 * keeps through IndexedDB — the way `read` says: else the stored session has another table under
 * that name now (a file replaced, read again in another encoding), and the database file's copy
 * is stale.
 */
export function readFrom(
  info: TableInfo,
  file: { name: string; size: number; lastModified: number },
  read: ReadChoice = {},
): boolean {
  return (
    info.fileName === file.name &&
    info.fileBytes === file.size &&
    info.fileModified === file.lastModified &&
    (info.sheet ?? null) === (read.sheet ?? null) &&
    (info.readAs ?? null) === (read.encoding ?? null) &&
    Boolean(info.asWritten) === Boolean(read.asWritten) &&
    (info.dates ?? null) === (read.dates ?? null)
  );
}
