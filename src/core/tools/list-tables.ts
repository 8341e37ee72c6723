import { z } from 'zod';
import { defineTool, ok, type DatasetTable } from './tool.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** One line per table: what the model needs to pick one before describing or querying it. */
export function tableLines(tables: readonly DatasetTable[]): string {
  return tables
    .map(
      (t) =>
        `- ${t.name}: ${count(t.rows)} rows, ${count(t.columns.length)} columns (from ${JSON.stringify(t.fileName)})`,
    )
    .join('\n');
}

export const listTables = defineTool({
  name: 'list_tables',
  label: 'List the tables',
  description:
    'List the loaded tables with their row and column counts and the file each came from. ' +
    'Use it to see what is loaded now; a query reads any of them by name.',
  schema: z.object({}),
  describe: () => 'Listed the tables',
  async run(_input, ctx) {
    if (ctx.tables.length === 0) return ok('No table is loaded.');
    const n = ctx.tables.length;
    return ok(`${n} table${n === 1 ? '' : 's'} loaded:\n${tableLines(ctx.tables)}`);
  },
});
