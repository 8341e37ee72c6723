import { z } from 'zod';
import { quoteIdent, quoteLiteral } from '../sql/sql-text.ts';
import { cancellable, defineTool, fail, ok, type DatasetTable, field } from './tool.ts';

/** Columns per query: keeps each statement a reasonable size on very wide tables. */
const CHUNK = 150;

function searchSql(table: DatasetTable, columns: string[], value: string): string {
  const v = `lower(${quoteLiteral(value)})`;
  const parts = columns.flatMap((c) => {
    const text = `lower(CAST(${quoteIdent(c)} AS VARCHAR))`;
    return [
      `count(*) FILTER (WHERE ${text} = ${v})`,
      `count(*) FILTER (WHERE contains(${text}, ${v}))`,
    ];
  });
  return `SELECT ${parts.join(', ')} FROM ${quoteIdent(table.name)}`;
}

export const findValue = defineTool({
  name: 'find_value',
  label: 'Find a value',
  description:
    'Find which columns of which tables contain a value (case-insensitive), e.g. to learn where "Seattle" or an ID ' +
    'appears before writing a WHERE clause. Reports exact matches and partial (substring) matches per column.',
  schema: z.object({
    value: z.string().min(1).max(200).describe('The value to look for, as text.'),
  }),
  describe: (input) => `Looked for “${field(input, 'value')}”`,
  async run({ value }, ctx) {
    const found: string[] = [];
    for (const table of ctx.tables) {
      const names = table.columns.map((c) => c.name);
      for (let at = 0; at < names.length; at += CHUNK) {
        if (ctx.signal.aborted) return fail('Stopped by the person.');
        const chunk = names.slice(at, at + CHUNK);
        const id = `${ctx.callId}-${table.name}-${at}`;
        const result = await cancellable(ctx, id, () =>
          ctx.engine.query(searchSql(table, chunk, value), { maxRows: 1, timeoutMs: 30_000, id }),
        );
        if (ctx.signal.aborted) return fail('Stopped by the person.');
        if (!result.ok) return fail(`Searching ${table.name} failed: ${result.message}`);
        const row = result.rows[0] ?? [];
        chunk.forEach((column, i) => {
          const exact = Number(row[i * 2] ?? 0);
          const partial = Number(row[i * 2 + 1] ?? 0);
          if (partial > 0)
            found.push(
              `${table.name}.${column}: ${exact.toLocaleString('en-US')} exact, ${partial.toLocaleString('en-US')} containing`,
            );
        });
      }
    }
    if (!found.length) return ok(`No column of any table contains "${value}" (case-insensitive).`);
    return ok([`Columns containing "${value}" (rows):`, ...found].join('\n'));
  },
});
