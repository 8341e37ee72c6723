/**
 * What small local models get wrong, and how the loop holds them up (issue 32): calls written as
 * text, inputs in the wrong types, unknown tools, the same failing call again, empty replies; and
 * a turn sized to a small context window, or refused when it cannot fit.
 */
import { describe, expect, it } from 'vitest';
import { WRITTEN_CALL_NOTE } from '../../src/core/agent/prompts.ts';
import { estimateTokens } from '../../src/core/model/conversation.ts';
import type { ToolResultBlock, ToolUseBlock } from '../../src/core/model/messages.ts';
import type { ModelRequest } from '../../src/core/model/client.ts';
import { expectValid, turn } from '../helpers/agent-turn.ts';
import { FakeEngine, rowsResult } from '../helpers/fake-engine.ts';

const SQL = { query: 'SELECT 1 AS n', description: 'One' };
/** A model on this computer with room to spare: calls written as text are read for it only. */
const LOCAL = { options: { contextWindow: 32_768 } };
const finish = { tools: [{ name: 'finalize', input: { session_title: null } }] };
const answer = (text: string) => ({
  tools: [
    { name: 'output_text', input: { text } },
    { name: 'finalize', input: { session_title: null } },
  ],
});

/** The tool results the request `r` sends back. */
const results = (r: ModelRequest) =>
  r.messages.at(-1)!.content.filter((b): b is ToolResultBlock => b.type === 'tool_result');
const resultText = (r: ModelRequest) =>
  results(r)
    .map((b) => String(b.content))
    .join('\n');
const lastUserText = (r: ModelRequest) =>
  JSON.stringify(r.messages.at(-1)!.content.filter((b) => b.type === 'text'));

describe('a call written as text', () => {
  it('is run as the call it meant, kept as a call in the history, and the model told how', async () => {
    const run = await turn(
      [
        {
          text: `I will count.\n<tool_call>\n{"name": "sql_query", "arguments": ${JSON.stringify(SQL)}}\n</tool_call>`,
        },
        answer('One row.'),
      ],
      LOCAL,
    );
    expect(run.state).toBe('done');
    expect(run.engine.queries).toEqual(['SELECT 1 AS n']);
    const second = run.model.requests[1]!;
    const call = second.messages
      .at(-2)!
      .content.find((b): b is ToolUseBlock => b.type === 'tool_use');
    expect(call).toMatchObject({ name: 'sql_query', input: SQL });
    expect(resultText(second)).toContain(WRITTEN_CALL_NOTE);
    expect(run.events.some((e) => e.type === 'query_result' && !e.isError)).toBe(true);
    expectValid(run.model.requests);
  });

  it('that cannot be read is sent back once with the tools to use, then taken as the answer', async () => {
    const garbled = '{"name": "run_the_query", "arguments": {"sql": "SELECT 1"}}';
    const run = await turn([{ text: garbled }, { text: garbled }], LOCAL);
    expect(run.state).toBe('done');
    // The first is the model's notes, not its answer; the second is shown as the answer.
    expect(run.events.filter((e) => e.type === 'text')).toHaveLength(1);
    expect(run.model.requests).toHaveLength(2);
    expect(lastUserText(run.model.requests[1]!)).toContain(
      'looks like a tool call written as text',
    );
    expect(lastUserText(run.model.requests[1]!)).toContain('sql_query');
  });
});

describe('inputs and tools a small model gets wrong', () => {
  it('a chart spec sent as JSON text and a null for an optional field are read as meant', async () => {
    const spec = { mark: 'bar', encoding: { x: { field: 'n', type: 'nominal' } } };
    const run = await turn([
      { tools: [{ name: 'sql_query', input: SQL }] },
      {
        tools: [
          {
            name: 'create_plot',
            input: {
              title: 'N',
              query_id: 'Q1',
              vega_lite_spec: JSON.stringify(spec),
              replaces: null,
            },
          },
        ],
      },
      finish,
    ]);
    expect(run.events.some((e) => e.type === 'plot')).toBe(true);
    const told = resultText(run.model.requests[2]!);
    expect(told).toContain('Sift read your input as meant');
    expect(told).toContain('vega_lite_spec');
  });

  it('an input that cannot be repaired is answered with exactly what to send', async () => {
    const run = await turn([
      { tools: [{ name: 'sql_query', input: { sql: 'SELECT 1' } }] },
      finish,
    ]);
    const told = resultText(run.model.requests[1]!);
    expect(told).toContain('query (string, required)');
    expect(told).toContain('Send for example');
    expect(run.engine.queries).toEqual([]);
  });

  it('an unknown tool is answered with the real ones and the nearest', async () => {
    const run = await turn([{ tools: [{ name: 'sql_querry', input: SQL }] }, finish]);
    const told = resultText(run.model.requests[1]!);
    expect(told).toContain('There is no tool "sql_querry". Did you mean sql_query?');
    expect(told).toContain('The tools are: sql_query, profile_columns');
  });

  it('the same failing call: a note at the first repeat, the turn stopped at the second', async () => {
    const bad = {
      tools: [{ name: 'sql_query', input: { query: 'SELECT nope FROM data', description: 'x' } }],
    };
    const engine = new FakeEngine(() => ({
      ok: false,
      kind: 'error',
      message: 'Referenced column "nope" not found.',
      durationMs: 1,
    }));
    const run = await turn([bad, bad, bad, finish], { engine });
    expect(run.model.requests).toHaveLength(3);
    expect(lastUserText(run.model.requests[2]!)).toContain('same sql_query call again');
    expect(run.state).toBe('error');
    const error = run.events.find((e) => e.type === 'error');
    expect(error).toMatchObject({ kind: 'repeated_call' });
  });

  it('an empty reply is asked again once, then the person is told', async () => {
    const twice = await turn([{}, { text: '\n\n' }]);
    expect(twice.model.requests).toHaveLength(2);
    expect(lastUserText(twice.model.requests[1]!)).toContain('Your reply was empty');
    expect(twice.events.find((e) => e.type === 'error')).toMatchObject({ kind: 'empty_reply' });

    const once = await turn([{}, answer('Here it is.')]);
    expect(once.state).toBe('done');
    // After an answer, an empty reply just ends the turn, as Claude's does.
    const after = await turn([{ tools: [{ name: 'output_text', input: { text: 'Hi.' } }] }, {}]);
    expect(after.state).toBe('done');
    expect(after.model.requests).toHaveLength(2);
  });
});

describe("Claude's turns stay as they were", () => {
  it('a refusal with nothing in it is said as a refusal, not asked again', async () => {
    const run = await turn([{ stopReason: 'refusal' }]);
    expect(run.model.requests).toHaveLength(1);
    expect(run.events.find((e) => e.type === 'error')).toMatchObject({ kind: 'refusal' });
  });

  it('an answer that quotes JSON of a call is the answer: Claude is not told how to call tools', async () => {
    const text =
      'Send it as {"name": "sql_query", "parameters": {"query": "SELECT 1"}} if you script it.';
    const run = await turn([{ text }]);
    expect(run.model.requests).toHaveLength(1);
    expect(run.engine.queries).toEqual([]);
    expect(run.events.some((e) => e.type === 'text' && e.text === text)).toBe(true);
  });
});

describe('a small context window', () => {
  const sizes = (r: ModelRequest) =>
    estimateTokens(r.system) + estimateTokens(r.tools) + estimateTokens(r.messages);

  it('gets the compact prompt and tools, small replies, and compaction before it overflows', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [
      `2012-01-${i}`,
      i * 1.5,
      'a long text value',
    ]);
    const engine = new FakeEngine(() => rowsResult(['date', 'mm', 'note'], rows));
    const big = (i: number) => ({
      tools: [{ name: 'sql_query', input: { query: `SELECT ${i}`, description: `Query ${i}` } }],
    });
    const run = await turn([big(1), big(2), big(3), big(4), big(5), big(6), answer('Done [Q6].')], {
      options: { contextWindow: 4096, noCharge: true },
      engine,
    });
    expect(run.state).toBe('done');
    expect(run.events.some((e) => e.type === 'compacted')).toBe(true);
    const first = run.model.requests[0]!;
    expect(first.system[0]!.text).toContain('Work step by step');
    expect(first.tools.map((t) => t.name)).toEqual([
      'sql_query',
      'validate_finding',
      'output_text',
      'create_plot',
      'finalize',
    ]);
    expect(first.maxTokens).toBeLessThan(1_000);
    for (const r of run.model.requests)
      expect(sizes(r) + r.maxTokens, 'each request fits the window').toBeLessThanOrEqual(4096);
    const usage = run.events.filter((e) => e.type === 'usage');
    expect(usage.every((u) => u.costUsd === 0 && u.noCharge === true)).toBe(true);
  });

  it('asks a thinking model not to think in a small window only', async () => {
    const small = await turn([finish], { options: { contextWindow: 4096 } });
    expect(small.model.requests[0]!.thinking).toBe('off');
    const roomy = await turn([finish], { options: { contextWindow: 32_768 } });
    expect(roomy.model.requests[0]!.thinking).toBeUndefined();
  });

  it('a question that cannot fit even summarised is said, not sent to be cut', async () => {
    const run = await turn([finish], {
      options: { contextWindow: 4096 },
      question: `Explain this: ${'a long pasted text '.repeat(1_000)}`,
    });
    expect(run.model.requests).toHaveLength(0);
    expect(run.events.find((e) => e.type === 'error')).toMatchObject({ kind: 'context_window' });
  });

  it('too small for even the compact set is refused before anything is sent', async () => {
    const run = await turn([finish], { options: { contextWindow: 2048 } });
    expect(run.model.requests).toHaveLength(0);
    expect(run.state).toBe('error');
    const error = run.events.find((e) => e.type === 'error');
    expect(error).toMatchObject({ kind: 'context_window' });
    expect(error && 'message' in error ? error.message : '').toContain('2,048 tokens');
  });

  it("Claude's turns are sized as always", async () => {
    const run = await turn([finish]);
    expect(run.model.requests[0]!.maxTokens).toBe(16_000);
    expect(run.model.requests[0]!.tools).toHaveLength(11);
    expect(run.events.find((e) => e.type === 'usage')).not.toHaveProperty('noCharge');
  });
});
