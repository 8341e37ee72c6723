/**
 * The tables as the model is told about them: name, source file, row count and typed columns,
 * as the engine described them after the load (or, for a table without that, read with DESCRIBE
 * through the same guarded query path the model uses).
 */
import type { SiftEngine, TableInfo } from '../data/engine.ts';
import type { JoinHint } from '../data/join-keys.ts';
import { quoteIdent } from '../data/sql-text.ts';
import type { DatasetTable } from '../tools/tool.ts';

export async function describeTables(
  engine: Pick<SiftEngine, 'query'>,
  tables: TableInfo[],
  /** Join keys the page measured (Workspace.joinHints); each is told with its left table. */
  hints: JoinHint[] = [],
): Promise<DatasetTable[]> {
  const described = await describeEach(engine, tables);
  return described.map((t) => {
    const joins = hints.filter((h) => h.left.table === t.name);
    return joins.length ? { ...t, joins } : t;
  });
}

async function describeEach(
  engine: Pick<SiftEngine, 'query'>,
  tables: TableInfo[],
): Promise<DatasetTable[]> {
  const described: DatasetTable[] = [];
  for (const t of tables) {
    const notes = {
      ...(t.notes.length ? { notes: t.notes } : {}),
      ...(t.sheet ? { sheet: t.sheet } : {}),
    };
    if (t.schema) {
      described.push({
        name: t.name,
        fileName: t.fileName,
        rows: t.rows,
        columns: t.schema,
        ...notes,
      });
      continue;
    }
    const result = await engine.query(`DESCRIBE ${quoteIdent(t.name)}`, {
      maxRows: 100_000,
      timeoutMs: 10_000,
    });
    const columns = result.ok
      ? result.rows.map((r) => ({ name: String(r[0]), type: String(r[1]) }))
      : t.columns.map((c) => ({ name: c.name, type: 'unknown' }));
    described.push({ name: t.name, fileName: t.fileName, rows: t.rows, columns, ...notes });
  }
  return described;
}
