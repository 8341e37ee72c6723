import { z } from 'zod';
import type { ColumnProfile } from '../data/engine.ts';
import { errorMessage } from '../errors.ts';
import { closestMatch } from '../closest.ts';
import { lookupTable } from './table-lookup.ts';
import { cancellable, defineTool, fail, ok } from './tool.ts';

const n = (x: number) => x.toLocaleString('en-US');

export function describeColumn(c: ColumnProfile, rows: number): string {
  const typical = c.typicalValues
    .map((v) => `${v.value === null ? 'NULL' : JSON.stringify(v.value)} (${n(v.count)})`)
    .join(', ');
  return [
    `${c.column} (${c.type}): non-null ${n(c.nonNullCount)}/${n(rows)}, unique ${c.uniqueApprox ? `≈${n(c.uniqueCount)} (estimated)` : n(c.uniqueCount)}`,
    c.min !== null || c.max !== null ? `min ${c.min ?? 'NULL'}, max ${c.max ?? 'NULL'}` : null,
    typical
      ? `typical${c.typicalSample ? ` (counted in a sample of ${n(c.typicalSample)} rows)` : ''}: ${typical}`
      : null,
    `issues: ${c.issues.length ? c.issues.join('; ') : 'none'}`,
  ]
    .filter(Boolean)
    .join(' | ');
}

export const profileColumns = defineTool({
  name: 'profile_columns',
  label: 'Profile columns',
  description:
    'Profile columns of a table in one call: type, non-null and unique counts, min/max, typical values and issues ' +
    '(high null rate, constant, mixed types, outliers). Cheaper than writing these queries yourself.',
  schema: z.object({
    table: z.string().optional().describe('Table name; defaults to the first table.'),
    columns: z.array(z.string()).optional().describe('Columns to profile; all when omitted.'),
  }),
  guidance: {
    analysis: {
      step: 'explore',
      text: 'profile_columns gives counts, typical values and issues for every column in one call.',
    },
  },
  describe: (input) =>
    Array.isArray(input.columns) ? `Profiled ${input.columns.length} columns` : 'Profiled columns',
  async run({ table, columns }, ctx) {
    const found = lookupTable(ctx.tables, table);
    if (!found.ok) return fail(found.message);
    const known = found.table;
    const name = known.name;
    const names = known.columns.map((c) => c.name);
    const missing = (columns ?? []).filter((c) => !names.includes(c));
    if (missing.length)
      return fail(
        missing
          .map((m) => {
            const best = closestMatch(m, names);
            return `No column "${m}" in ${name}${best ? ` (did you mean "${best}"?)` : ''}.`;
          })
          .join('\n') + `\nColumns: ${names.join(', ')}`,
      );
    try {
      const profile = await cancellable(ctx, ctx.callId, () =>
        ctx.engine.profile(name, { id: ctx.callId }),
      );
      const wanted = columns
        ? profile.columns.filter((c) => columns.includes(c.column))
        : profile.columns;
      return ok(
        [
          `${name}: ${n(profile.rows)} rows`,
          ...wanted.map((c) => describeColumn(c, profile.rows)),
        ].join('\n'),
      );
    } catch (e) {
      if (ctx.signal.aborted) return fail('Stopped by the person.');
      return fail(`Profiling ${name} failed: ${errorMessage(e)}`);
    }
  },
});
