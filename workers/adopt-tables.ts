/**
 * Which tables a reopened database file still holds as they were loaded: after a restart that
 * handed the file over (resilient-engine.ts), or reopening a stored session from its file. Each
 * table carries the description written at its load as a DuckDB comment (engine.ts, keep); a
 * table is taken only if that description says it was read from the wanted file, that way, and
 * its row count and columns are still the ones described. Whatever else the file holds is dropped.
 */
import type { ResultColumn, WantedTable } from '../src/core/data/engine.ts';
import { keptTableOf, readFrom, type KeptTable } from '../src/core/data/table-info.ts';
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import type { Row } from '../src/core/sql/profile.ts';

export interface AdoptDeps {
  exec(sql: string): Promise<Row[]>;
  describe(table: string): Promise<ResultColumn[]>;
}

/**
 * The tables of `wanted` the file holds unchanged, each with its profile if one was kept; the
 * others are to be read again.
 */
export async function adoptTables(
  wanted: WantedTable[],
  { exec, describe }: AdoptDeps,
): Promise<KeptTable[]> {
  const held = await exec(
    'SELECT table_name AS t, comment AS c FROM duckdb_tables() WHERE NOT internal',
  );
  const taken: KeptTable[] = [];
  for (const { name, file, read } of wanted) {
    const kept = keptTableOf(held.find((h) => String(h.t) === name)?.c);
    const info = kept?.table;
    if (!kept || !info || info.name !== name || !readFrom(info, file, read)) continue;
    try {
      const [count] = await exec(`SELECT count(*) AS n FROM ${quoteIdent(name)}`);
      const schema = await describe(name);
      const same =
        Number(count?.n) === info.rows &&
        JSON.stringify(schema) === JSON.stringify(info.schema ?? schema);
      if (same) taken.push(kept);
    } catch {
      // Unreadable (a damaged block): read again from its file.
    }
  }
  // Whatever else the file holds (a table removed since, one that did not match) must not answer
  // a query under a name the page does not list.
  for (const { t } of held)
    if (!taken.some((kept) => kept.table.name === String(t)))
      await exec(`DROP TABLE IF EXISTS ${quoteIdent(String(t))}`);
  return taken;
}
