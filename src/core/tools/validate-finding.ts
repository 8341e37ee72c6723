import { z } from 'zod';
import type { QueryResult } from '../data/engine.ts';
import { validateFinding, type Row, type RunSql } from '../validation/validate.ts';
import { queryHint } from './sql-hints.ts';
import { QUERY_TIMEOUT_MS } from './sql-query.ts';
import { cancellable, defineTool, fail, field, ok } from './tool.ts';

/** A statement of the check that failed: its message goes back to the model with a hint. */
class CheckFailed extends Error {
  constructor(readonly result: Extract<QueryResult, { ok: false }>) {
    super(result.message);
  }
}

const rowsOf = (result: Extract<QueryResult, { ok: true }>): Row[] =>
  result.rows.map((r) => Object.fromEntries(result.columns.map((c, i) => [c.name, r[i]])));

export const validateFindingTool = defineTool({
  name: 'validate_finding',
  label: 'Check a finding',
  description:
    'Check a finding against the data before you lead with it. Give the finding in words and a read-only query ' +
    'returning the rows behind it, one row per record: the measure as a numeric column named value (0/1 for a share), ' +
    'and for a comparison between groups a column named grp holding each row’s group (best two groups; with more, ' +
    'the highest and lowest are compared). Name in higher the group the finding says is higher. Any other column the ' +
    'query returns with 2 to 10 levels is held fixed in turn to see whether the comparison reverses (Simpson’s ' +
    'paradox); group_by names the one to check instead. Sift counts the rows, checks whether the top 1% of rows ' +
    'drive the figure, gives the difference with a 95% confidence interval, and returns a verdict the person sees as ' +
    'a card: contradicted (the comparison reverses, or the interval lies on the other side of zero from higher), ' +
    'weak (under 30 rows in all or in a group compared, a few rows drive it, or the interval includes zero), else ' +
    'holds. Report a weak or contradicted finding as such, or not at all.',
  schema: z.object({
    finding: z.string().min(1).max(500).describe('The finding, as you would state it.'),
    query: z.string().min(1).describe('SQL returning value (and grp) per record, as described.'),
    higher: z
      .string()
      .optional()
      .describe('For a comparison: the grp value the finding says has the higher value.'),
    group_by: z.string().optional().describe('A column of the query to hold fixed.'),
    unit: z
      .string()
      .max(20)
      .optional()
      .describe(
        'The unit of value (e.g. mm, €, $): a currency sign such as $ is written before each figure, any other unit after it; not for a 0/1 share.',
      ),
  }),
  guidance: {
    rules: [
      'Before you lead with a finding (a difference between groups, a trend, a driver), check it with validate_finding (for a comparison, name in higher the group you say is higher) and say in a few words how it fared; state a weak or contradicted finding as such, or drop it.',
    ],
    compact: {
      order: 2,
      text: 'Call validate_finding to check a key figure before you state it, when it matters.',
    },
  },
  describe: (input) => `Checked: “${field(input, 'finding')}”`,
  summarise: (input) => `- checked the finding: ${field(input, 'finding')}`,
  async run({ finding, query, group_by, higher, unit }, ctx) {
    let statements = 0;
    const run: RunSql = async (statement) => {
      const id = `${ctx.callId}-check-${++statements}`;
      const result = await cancellable(ctx, id, () =>
        ctx.engine.query(statement, { maxRows: 1_000, timeoutMs: QUERY_TIMEOUT_MS, id }),
      );
      if (!result.ok) throw new CheckFailed(result);
      return rowsOf(result);
    };
    let checked;
    try {
      checked = await validateFinding(
        {
          query,
          tables: ctx.tables,
          ...(group_by === undefined ? {} : { groupBy: group_by }),
          ...(higher === undefined ? {} : { higher }),
          ...(unit ? { unit } : {}),
        },
        run,
      );
    } catch (e) {
      if (ctx.signal.aborted) return fail('Stopped by the person.');
      if (!(e instanceof CheckFailed)) throw e;
      const hint = queryHint(e.result.message, e.result.kind, ctx.tables);
      return fail(`The check could not run: ${e.message}${hint ? `\n${hint}` : ''}`);
    }
    if ('error' in checked)
      return fail(`${checked.error} Fix the query and call validate_finding again.`);
    const { verdict, checks } = checked;
    ctx.emit({
      type: 'validation',
      turnId: ctx.turnId,
      callId: ctx.callId,
      finding,
      verdict,
      checks,
    });
    return ok(
      [`Verdict: ${verdict}`, ...checks.map((c) => `- ${c.label} (${c.verdict}): ${c.text}`)].join(
        '\n',
      ),
    );
  },
});
