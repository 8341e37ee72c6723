/**
 * Cancelling by id: a running query stops and says so at once, a waiting one never starts, and
 * no cancel reaches an operation it was not meant for.
 */
import { equal, fail, match, pause, refused, rows, within } from './check.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

const ENDLESS = 'SELECT count(*) FROM range(100000000) a, range(100000000) b';
/** Long enough that only a cancel can end it within the test. */
const LONG = { timeoutMs: 600_000 };
/** A cancelled query answers well within this. */
const PROMPT_MS = 5_000;

async function nextQueryWorks(ctx: SuiteContext): Promise<void> {
  equal(rows(await ctx.engine.query('SELECT 42 AS n'), 'after').rows, [[42]], 'the next query');
}

export const cancelCases: EngineCase[] = [
  {
    name: 'cancel(id) stops a running query, which answers as cancelled, and the next query works',
    async run(ctx) {
      const running = ctx.engine.query(ENDLESS, { ...LONG, id: 'person-1' });
      // Let it reach DuckDB: a cancel before that is the waiting case below.
      await pause(300);
      await ctx.engine.cancel('person-1');
      const result = await within(running, PROMPT_MS);
      if (result === 'still running') fail(`the query still ran ${PROMPT_MS} ms after cancel`);
      // "… cancelled before it started" on a machine so busy that the query had not reached
      // DuckDB yet: a cancelled result either way.
      match(refused(result, 'cancelled', ENDLESS).message, /^The query was cancelled/, 'message');
      await nextQueryWorks(ctx);
    },
  },
  {
    name: "cancel(id) of a waiting query answers it at once, and leaves another's query running",
    async run(ctx) {
      const model = ctx.engine.query(ENDLESS, { ...LONG, id: 'model-1' });
      await pause(300);
      let ran = false;
      const waiting = ctx.engine
        .query('SELECT 1 AS n', { id: 'person-2' })
        .finally(() => (ran = true));
      const profile = ctx.engine.profile('data', { id: 'person-3' }).then(
        () => 'profiled',
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      await ctx.engine.cancel('person-2');
      await ctx.engine.cancel('person-3');
      await ctx.engine.cancel('nobody');
      const answer = await within(waiting, PROMPT_MS);
      if (answer === 'still running') fail('the cancelled waiting query did not answer');
      equal(
        refused(answer, 'cancelled', 'the waiting query').message,
        'The query was cancelled before it started.',
        'the waiting query',
      );
      equal(await within(profile, PROMPT_MS), 'Cancelled.', 'the waiting profile');
      equal(await within(model, 500), 'still running', "the other's query");
      equal(ran, true, 'the waiting query answered');

      await ctx.engine.cancel('model-1');
      const stopped = await within(model, PROMPT_MS);
      if (stopped === 'still running') fail("the other's query did not stop at its own cancel");
      refused(stopped, 'cancelled', "the other's query");
      await nextQueryWorks(ctx);
    },
  },
];
