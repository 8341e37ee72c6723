/**
 * The loop runs with the tools and the stop conditions it is handed (AgentOptions.tools and
 * stopWhen, issue 29): a smaller set for a small context window, or a test's own ending.
 */
import { describe, expect, it } from 'vitest';
import type { StopCondition } from '../../src/core/agent/stop-conditions.ts';
import { SIFT_TOOLS } from '../../src/core/tools/registry.ts';
import { toolSet } from '../../src/core/tools/tool-set.ts';
import { expectValid, resultsOf, turn } from '../helpers/agent-turn.ts';

const names = ['sql_query', 'output_text', 'finalize'];
const small = toolSet(SIFT_TOOLS.list.filter((t) => names.includes(t.name)));
const query = { name: 'sql_query', input: { query: 'SELECT 1', description: 'one' } };
const finalize = { name: 'finalize', input: { session_title: null } };

describe('a turn given its tools', () => {
  it('tells the model of those tools only, and runs no other', async () => {
    const run = await turn(
      [
        { tools: [query, { name: 'create_plot', input: { spec: {}, title: 'x' } }] },
        { tools: [{ name: 'output_text', input: { text: 'One.' } }, finalize] },
      ],
      { options: { tools: small } },
    );
    expect(run.state).toBe('done');
    expect(run.model.requests[0]!.tools.map((t) => t.name)).toEqual(names);
    // Its system prompt is written from them too: no advice about a chart it cannot draw.
    const system = run.model.requests[0]!.system.map((b) => b.text).join('\n');
    expect(system).toContain('sql_query');
    for (const absent of ['create_plot', 'output_table', 'validate_finding', 'ask_user'])
      expect(system).not.toContain(absent);
    // The chart tool is Sift's, but not this turn's: its call is answered, not run.
    const [ran, refused] = resultsOf(run.model.requests[1]!);
    expect(ran!.is_error).toBeUndefined();
    expect(refused).toMatchObject({
      is_error: true,
      content: 'There is no tool "create_plot". The tools are: sql_query, output_text, finalize.',
    });
    expect(run.events.some((e) => e.type === 'plot')).toBe(false);
    expectValid(run.model.requests);
  });

  it('sends the same tools, in the same order, as Sift’s own when given none', async () => {
    const run = await turn([{ tools: [finalize] }]);
    expect(run.model.requests[0]!.tools.map((t) => t.name)).toEqual(
      SIFT_TOOLS.list.map((t) => t.name),
    );
  });
});

describe('a turn given its stop conditions', () => {
  it('ends when one of them says so', async () => {
    const afterOneQuery: StopCondition = (steps) =>
      steps.some((s) => s.calls.some((c) => c.tool === 'sql_query'))
        ? { end: { state: 'done' } }
        : null;
    const run = await turn([{ tools: [query] }, { tools: [query] }], {
      options: { stopWhen: [afterOneQuery] },
    });
    expect(run.state).toBe('done');
    expect(run.model.requests).toHaveLength(1);
    expect(run.model.remaining).toBe(1);
  });

  it('sends their notes, and still ends on finalize only if they say so', async () => {
    const note: StopCondition = (steps) => (steps.length === 1 ? { note: 'Be brief.' } : null);
    const two: StopCondition = (steps) => (steps.length === 2 ? { end: { state: 'done' } } : null);
    // finalize in the first step does not end the turn: these conditions do not ask about it.
    const run = await turn([{ tools: [finalize] }, { tools: [query] }], {
      options: { stopWhen: [note, two] },
    });
    expect(run.model.requests).toHaveLength(2);
    const sent = run.model.requests[1]!.messages.at(-1)!.content;
    expect(sent.some((b) => b.type === 'text' && b.text === 'Be brief.')).toBe(true);
    expect(run.state).toBe('done');
  });

  it('ends at the step ceiling when none of them ends it', async () => {
    const text = { text: 'Still thinking.' };
    const run = await turn([text, text, text, text], {
      options: { stopWhen: [], maxSteps: 1 },
    });
    // maxSteps and the two grace steps: three requests, then the turn ends.
    expect(run.model.requests).toHaveLength(3);
    expect(run.state).toBe('error');
    expect(run.events.some((e) => e.type === 'error' && e.kind === 'step_limit')).toBe(true);
  });

  it('stops when the person presses Stop, whatever conditions it was given', async () => {
    const controller = new AbortController();
    const run = await turn([{ tools: [query] }, { tools: [query] }], {
      signal: controller.signal,
      options: { stopWhen: [] },
      onEvent: (e) => e.type === 'query_result' && controller.abort(),
    });
    expect(run.state).toBe('stopped');
    expect(run.model.requests).toHaveLength(1);
  });
});
