/**
 * An AgentEngine on native DuckDB (@duckdb/node-api), for benchmarks and tests that run the agent
 * loop on real data outside the browser. A CSV is read into the table `data`; queries come back
 * in the worker's QueryResult shape, fetched the way workers/guarded-query.ts fetches them (the
 * same DESCRIBE, result and count statements from query-guard.ts), so cells are what the page
 * gets: numbers, text (dates as ISO text), booleans, null.
 *
 * A stand-in for the browser worker, not its security guard: there is no prepare-time check that
 * the text is one read-only statement (that is tested on the worker's own code elsewhere), no
 * byte cap and no cancellation of a running statement.
 */
import { basename } from 'node:path';
import { statSync } from 'node:fs';
import { describeTables } from '../../src/core/agent/dataset.ts';
import type {
  Cell,
  QueryOptions,
  QueryResult,
  ResultColumn,
  TableInfo,
  TableProfile,
} from '../../src/core/data/engine.ts';
import { profileTable } from '../../src/core/data/profile.ts';
import {
  countQuery,
  describeQuery,
  normaliseStatement,
  resultQuery,
  toCell,
  transportOf,
} from '../../src/core/data/query-guard.ts';
import { MAX_CELL_CHARS } from '../../src/core/data/query-limits.ts';
import { quoteIdent, quoteLiteral } from '../../src/core/data/sql-text.ts';
import { errorMessage } from '../../src/core/errors.ts';
import type { AgentEngine, DatasetTable } from '../../src/core/tools/tool.ts';
import { openNativeDuckDB, type NativeDuckDB } from './native-duckdb.ts';

const DEFAULT_MAX_ROWS = 1_000;

export interface NativeAgentEngine extends AgentEngine {
  /** The loaded table, as the workspace lists it. */
  readonly table: TableInfo;
  readonly db: NativeDuckDB;
  close(): void;
}

/** Opens an in-memory DuckDB and reads `csvPath` into `tableName` (default `data`). */
export async function openNativeAgentEngine(
  csvPath: string,
  tableName = 'data',
): Promise<NativeAgentEngine> {
  const db = await openNativeDuckDB();
  const started = performance.now();
  await db.run(
    `CREATE TABLE ${quoteIdent(tableName)} AS SELECT * FROM read_csv(${quoteLiteral(csvPath)})`,
  );
  const columns = await db.describe(tableName);
  const rows = await db.count(tableName);
  const table: TableInfo = {
    name: tableName,
    fileName: basename(csvPath),
    fileBytes: statSync(csvPath).size,
    rows,
    columns: columns.map((c) => ({ original: c.name, name: c.name })),
    encoding: 'utf-8',
    notes: [],
    loadMs: performance.now() - started,
  };

  async function query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const t0 = performance.now();
    const elapsed = () => performance.now() - t0;
    const maxRows = Math.max(1, Math.floor(options.maxRows ?? DEFAULT_MAX_ROWS));
    const statement = normaliseStatement(sql);
    if (statement === '')
      return { ok: false, kind: 'rejected', message: 'The query is empty.', durationMs: elapsed() };
    try {
      const described = await db.run(describeQuery(statement));
      const resultColumns: ResultColumn[] = described.map((r) => ({
        name: String(r.column_name),
        type: String(r.column_type),
      }));
      const transports = resultColumns.map((c) => transportOf(c.type));
      const fetched = await db.run(
        resultQuery(statement, resultColumns, maxRows + 1, MAX_CELL_CHARS),
      );
      // Fetched columns are renamed c0, c1… positionally (see resultQuery).
      const rows: Cell[][] = fetched
        .slice(0, maxRows)
        .map((r) => transports.map((t, i) => toCell(plainCell(r[`c${i}`]), t)));
      if (fetched.length <= maxRows)
        return {
          ok: true,
          columns: resultColumns,
          rows,
          totalRows: rows.length,
          truncated: false,
          durationMs: elapsed(),
        };
      const [count] = await db.run(countQuery(statement));
      const totalRows = Number(count?.n ?? 0);
      return {
        ok: true,
        columns: resultColumns,
        rows,
        totalRows,
        truncated: true,
        note: `Showing the first ${rows.length.toLocaleString('en-US')} rows of ${totalRows.toLocaleString('en-US')}.`,
        durationMs: elapsed(),
      };
    } catch (e) {
      return { ok: false, kind: 'error', message: errorMessage(e), durationMs: elapsed() };
    }
  }

  async function profile(name: string): Promise<TableProfile> {
    return profileTable(db.run, name, await db.describe(name), await db.count(name));
  }

  return {
    table,
    db,
    query,
    // Native statements here finish in milliseconds; there is nothing to interrupt.
    cancel: async () => {},
    profile,
    close: () => db.close(),
  };
}

/** Values the result query can still hand back as objects (e.g. a JS Date), as text. */
function plainCell(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** The tables as the model is told about them, through the same describeTables as the page. */
export function describeNative(engine: NativeAgentEngine): Promise<DatasetTable[]> {
  return describeTables(engine, [engine.table]);
}
