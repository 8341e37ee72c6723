/**
 * Which tables a reopened database file still holds as they were loaded (resilient-engine.ts,
 * after a restart that handed the file over): each kept only if its row count and columns are the
 * ones recorded at its load. Whatever else the file holds is dropped.
 */
import type { ResultColumn, TableInfo } from '../src/core/data/engine.ts';
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import type { Row } from '../src/core/sql/profile.ts';

export interface AdoptDeps {
  exec(sql: string): Promise<Row[]>;
  describe(table: string): Promise<ResultColumn[]>;
}

/** The tables of `kept` the file holds unchanged, by name; the others are to be read again. */
export async function adoptTables(kept: TableInfo[], { exec, describe }: AdoptDeps) {
  const taken: TableInfo[] = [];
  for (const info of kept) {
    try {
      const [count] = await exec(`SELECT count(*) AS n FROM ${quoteIdent(info.name)}`);
      const schema = await describe(info.name);
      const same =
        Number(count?.n) === info.rows &&
        JSON.stringify(schema) === JSON.stringify(info.schema ?? schema);
      if (same) taken.push(info);
    } catch {
      // Not in the file (lost with the instance that broke): read again from its file.
    }
  }
  // Whatever else the file holds (a table removed since, one that did not match) must not answer
  // a query under a name the page does not list.
  const held = await exec('SELECT table_name AS t FROM duckdb_tables() WHERE NOT internal');
  for (const { t } of held)
    if (!taken.some((info) => info.name === String(t)))
      await exec(`DROP TABLE IF EXISTS ${quoteIdent(String(t))}`);
  return taken;
}
