/**
 * The tables as the model is told about them: name, source file, row count and typed columns,
 * as the engine described them after the load (or, for a table without that, read with DESCRIBE
 * through the same guarded query path the model uses).
 */
import type { SiftEngine, TableInfo } from '../data/engine.ts';
import type { JoinHint } from '../sql/join-keys.ts';
import { quoteIdent } from '../sql/sql-text.ts';
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

/**
 * The columns read from local formats, as the model is told them: it must know that `Montant`
 * was `1 234,56 €` in the file (the person will quote it so) and where misfits are kept.
 */
export function conversionNotes(t: Pick<TableInfo, 'conversions' | 'asWritten'>): string[] {
  if (t.asWritten)
    return ['The person chose to keep numbers and dates in local formats as the text they are.'];
  return (t.conversions ?? []).map((c) => {
    const misfits = c.misfits
      ? ` ${c.misfits} value${c.misfits === 1 ? '' : 's'} that did not fit ${c.misfits === 1 ? 'is' : 'are'} NULL there and kept as text in "${c.misfitColumn}".`
      : '';
    const said = c.ambiguous ?? c.why;
    const ambiguous = said ? ` ${said}` : '';
    return `"${c.column}" is text in the file, read as ${c.type}: “${c.example.from}” → ${c.example.to} (${c.how}).${misfits}${ambiguous}`;
  });
}

async function describeEach(
  engine: Pick<SiftEngine, 'query'>,
  tables: TableInfo[],
): Promise<DatasetTable[]> {
  const described: DatasetTable[] = [];
  for (const t of tables) {
    const told = [...t.notes, ...conversionNotes(t)];
    const notes = {
      ...(told.length ? { notes: told } : {}),
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
