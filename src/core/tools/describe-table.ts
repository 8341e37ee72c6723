import { z } from 'zod';
import { errorMessage } from '../errors.ts';
import { lookupTable } from './table-lookup.ts';
import { cancellable, defineTool, fail, field, ok } from './tool.ts';

/** Columns listed in one answer; a wider table names the rest by count. */
export const DESCRIBE_MAX_COLUMNS = 500;

const n = (x: number) => x.toLocaleString('en-US');

export const describeTable = defineTool({
  name: 'describe_table',
  label: 'Look at a table',
  description:
    'Describe one table: its row count, every column with its type, and the issues its profile found ' +
    '(high null rate, constant, numbers stored as text, mixed types, outliers). ' +
    'Call it before querying a table whose columns you have not been shown.',
  schema: z.object({
    name: z.string().min(1).describe('The table, by its name.'),
  }),
  guidance: {
    rules: [
      'When the dataset above names tables without their columns, call describe_table with a table’s name to see its columns, types and issues before you query it.',
    ],
  },
  describe: (input) => `Described ${field(input, 'name') || 'a table'}`,
  summarise: (input) => `- described table ${field(input, 'name')}`,
  async run({ name }, ctx) {
    const found = lookupTable(ctx.tables, name);
    if (!found.ok) return fail(found.message);
    const table = found.table;
    let issues = new Map<string, string[]>();
    let note: string | null = null;
    try {
      const profile = await cancellable(ctx, ctx.callId, () =>
        ctx.engine.profile(table.name, { id: ctx.callId }),
      );
      issues = new Map(profile.columns.map((c) => [c.column, c.issues]));
    } catch (e) {
      if (ctx.signal.aborted) return fail('Stopped by the person.');
      // The columns are worth having without their issues.
      note = `The profile could not be computed (${errorMessage(e)}): issues are not listed.`;
    }
    const shown = table.columns.slice(0, DESCRIBE_MAX_COLUMNS);
    const lines = shown.map((c) => {
      const found = issues.get(c.name) ?? [];
      return `- ${c.name}: ${c.type}${found.length ? ` — issues: ${found.join('; ')}` : ''}`;
    });
    const rest = table.columns.length - shown.length;
    return ok(
      [
        `${table.name}: ${n(table.rows)} rows, ${n(table.columns.length)} columns (from ${JSON.stringify(table.fileName)})`,
        ...lines,
        rest > 0 ? `… and ${n(rest)} more columns; select them by name in a query.` : null,
        note,
      ]
        .filter((l): l is string => l !== null)
        .join('\n'),
    );
  },
});
