/**
 * A table read from Parquet's Arrow made to look like one read from CSV: column names made usable
 * by the same rules (cleanColumnNames), and timestamps of other precisions, or with a time zone,
 * as DuckDB's plain TIMESTAMP.
 */
import { cleanColumnNames } from '../src/core/reading/column-names.ts';
import type { ColumnName } from '../src/core/data/engine.ts';
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import type { Exec } from './load-csv.ts';

export type { Exec } from './load-csv.ts';

export interface Shaped {
  columns: ColumnName[];
  notes: string[];
}

interface Described {
  name: string;
  type: string;
}

async function describe(exec: Exec, from: string): Promise<Described[]> {
  const rows = await exec(`DESCRIBE ${from}`);
  return rows.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
}

/**
 * Arrow's second, millisecond and nanosecond timestamps (parquet-wasm reads Parquet's INT96 as
 * nanoseconds) become DuckDB's TIMESTAMP, as DuckDB's own reader makes them: the one timestamp
 * type every query, chart and profile of Sift expects.
 */
const OTHER_TIMESTAMP = /^TIMESTAMP_(?:S|MS|NS)$/;

/**
 * DuckDB-WASM has no time zone support built in (ICU is an extension it would download): on a
 * TIMESTAMP WITH TIME ZONE, `date_trunc`, `epoch` and the like fail. Such columns hold instants,
 * and become the same instants as UTC times, which every function takes; the person is told.
 */
const ZONED = 'TIMESTAMP WITH TIME ZONE';
export const zonedNote = (columns: string[]) => {
  const n = columns.length;
  return `${n} column${n === 1 ? '' : 's'} of times with a time zone (${columns.join(', ')}) ${n === 1 ? 'was' : 'were'} read as UTC times: this browser's DuckDB has no time zone support.`;
};

/** After a Parquet load: the names made usable and the timestamps made plain, in place. */
export async function normaliseColumns(exec: Exec, table: string): Promise<Shaped> {
  const t = quoteIdent(table);
  const described = await describe(exec, t);
  const names = cleanColumnNames(described.map((c) => c.name));
  const zoned: string[] = [];
  for (const [i, c] of described.entries()) {
    if (names[i] !== c.name)
      await exec(
        `ALTER TABLE ${t} RENAME COLUMN ${quoteIdent(c.name)} TO ${quoteIdent(names[i]!)}`,
      );
    if (c.type === ZONED) zoned.push(names[i]!);
    if (OTHER_TIMESTAMP.test(c.type) || c.type === ZONED)
      await exec(`ALTER TABLE ${t} ALTER COLUMN ${quoteIdent(names[i]!)} TYPE TIMESTAMP`);
  }
  return {
    columns: described.map((c, i) => ({ original: c.name, name: names[i]! })),
    notes: zoned.length > 0 ? [zonedNote(zoned)] : [],
  };
}
