/**
 * The statements that make a table from a delimited file, kept as the readers run them, for the
 * table's recipe (src/core/sql/recipe-sql.ts): the read_csv that created it, and each statement
 * that changed it after (a closing total deleted, NULs stripped, local formats converted).
 */
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import type { Exec } from './load-csv.ts';

const CHANGES = /^\s*(CREATE|INSERT|DELETE|UPDATE|ALTER)\b/i;
const DROPS = /^\s*DROP\s+TABLE\b/i;
const FIRST_PATH = /\bread_csv\(('(?:[^']|'')*')/;

export interface Recorder {
  exec: Exec;
  /** The statements that made the table as it now stands, in order. */
  statements(): string[];
  /** The worker's path its read_csv read from, once one did. */
  path(): string | null;
}

export function recordTable(exec: Exec, table: string): Recorder {
  const t = quoteIdent(table);
  let kept: string[] = [];
  let path: string | null = null;
  const named = (sql: string) => sql.includes(t);
  return {
    async exec(sql) {
      const rows = await exec(sql);
      // Kept once it ran: a statement that failed changed nothing.
      if (DROPS.test(sql) && named(sql)) {
        // Dropped to be read again (another way, or whole): what made it before is gone.
        kept = [];
        path = null;
      } else if (CHANGES.test(sql) && named(sql)) {
        const from = FIRST_PATH.exec(sql)?.[1] ?? null;
        // A later part of a text read in parts is appended from a path of its own
        // (text-parts.ts): native DuckDB reads the whole file in the first statement.
        if (from && path && from !== path && /^\s*INSERT\b/i.test(sql)) return rows;
        if (from && !path) path = from;
        kept.push(sql);
      }
      return rows;
    },
    statements: () => [...kept],
    path: () => (path === null ? null : path.slice(1, -1).replaceAll("''", "'")),
  };
}
