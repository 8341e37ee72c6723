/**
 * A real DuckDB (the native build from @duckdb/node-api) for tests that run Sift's own SQL.
 * Rows come back the way the worker hands them to the profile (workers/engine-rows.ts):
 * BigInt as number, lists as arrays.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { ResultColumn } from '../../src/core/data/engine.ts';
import type { Row, RunSql } from '../../src/core/sql/profile.ts';
import { quoteIdent } from '../../src/core/sql/sql-text.ts';

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

export interface NativeDuckDB {
  /** Runs SQL and returns plain rows, as the worker's `exec` does. */
  run: RunSql;
  /** Prepares SQL without running it; throws DuckDB's message when it does not prepare. */
  prepare(sql: string): Promise<void>;
  /** The table's columns as the worker describes them. */
  describe(table: string): Promise<ResultColumn[]>;
  /** Row count of a table. */
  count(table: string): Promise<number>;
  close(): void;
}

export async function openNativeDuckDB(): Promise<NativeDuckDB> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const run: RunSql = async (sql) => {
    const reader = await connection.runAndReadAll(sql);
    return reader.getRowObjectsJS().map((r) => {
      const row: Row = {};
      for (const [k, v] of Object.entries(r)) row[k] = plain(v);
      return row;
    });
  };
  return {
    run,
    async prepare(sql) {
      const prepared = await connection.prepare(sql);
      prepared.destroySync();
    },
    async describe(table) {
      const rows = await run(`DESCRIBE ${quoteIdent(table)}`);
      return rows.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
    },
    async count(table) {
      const [r] = await run(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
      return Number(r?.n ?? 0);
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
