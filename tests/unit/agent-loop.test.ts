import { COLUMN_TABLE_HEADERS } from '../../src/core/tools/output-table.ts';
import { describe, expect, it } from 'vitest';
import { emptyConversation } from '../../src/core/model/conversation.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { ModelError } from '../../src/core/model/client.ts';
import { FakeEngine, rowsResult, WEATHER } from '../helpers/fake-engine.ts';
import { expectValid, lastUser, resultsOf, turn } from '../helpers/agent-turn.ts';

describe('initial analysis', () => {
  it('explores, then shows the summary, the per-column table and the title', async () => {
    const headers = [...COLUMN_TABLE_HEADERS];
    const rows = WEATHER.columns.map((c) => [c.name, c.type, 1461, 10, 'x', 'y', 'None']);
    const run = await turn(
      [
        {
          text: 'Let me profile first.',
          tools: [
            { name: 'profile_columns', input: {} },
            {
              name: 'sql_query',
              input: { query: 'SELECT count(*) FROM data', description: 'Count rows' },
            },
          ],
        },
        {
          tools: [
            { name: 'output_text', input: { text: 'Daily **Seattle** weather.' } },
            { name: 'output_table', input: { title: 'Columns', headers, rows } },
            { name: 'finalize', input: { session_title: 'Seattle Weather 2012–2015' } },
          ],
        },
      ],
      { kind: 'analysis' },
    );
    expect(run.state).toBe('done');
    const view = reduceAll(run.events);
    expect(view.title).toBe('Seattle Weather 2012–2015');
    const items = view.turns[0]!.items;
    expect(items.map((i) => i.type)).toEqual(['query_result', 'text', 'table']);
    const table = items[2] as Extract<(typeof items)[number], { type: 'table' }>;
    expect(table.rows.map((r) => r[0])).toEqual(WEATHER.columns.map((c) => c.name));
    // Reasoning is kept for the model and in the trail, never as an answer item.
    expect(view.turns[0]!.activity[0]).toMatchObject({
      type: 'reasoning',
      text: 'Let me profile first.',
    });

    const [first, second] = run.model.requests;
    expect(first!.system[0]!.text).toContain('per-column table');
    expect(first!.system[0]!.text).toContain('temp_max: DOUBLE');
    expect(first!.system[0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(first!.tools.map((t) => t.name)).toEqual([
      'sql_query',
      'profile_columns',
      'find_value',
      'list_tables',
      'describe_table',
      'validate_finding',
      'ask_user',
      'output_text',
      'output_table',
      'create_plot',
      'finalize',
    ]);
    expect(first!.tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    expect(first!.tools.slice(0, -1).every((t) => !t.cache_control)).toBe(true);
    // The profile went back to the model, and both results in the order of the calls.
    const results = resultsOf(second!);
    expect(results).toHaveLength(2);
    expect(results[0]!.content).toContain('wind (DOUBLE)');
    expect(results[0]!.content).toContain('3 outliers');
    expect(lastUser(second!).content.at(-1)).toHaveProperty('cache_control');
    expectValid(run.model.requests);
    // The stored history carries no cache markers: they are added per request.
    expect(JSON.stringify(run.conversation.messages)).not.toContain('cache_control');
  });
});

describe('questions', () => {
  it('uses the question prompt, runs parallel calls in order and ends on finalize(null)', async () => {
    const order: string[] = [];
    const run = await turn(
      [
        {
          tools: [
            { name: 'sql_query', input: { query: 'SELECT 1', description: 'one' } },
            { name: 'sql_query', input: { query: 'SELECT 2', description: 'two' } },
            { name: 'output_text', input: { text: 'Both ran.' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      ],
      { onEvent: (e) => e.type === 'query_result' && order.push(e.description) },
    );
    expect(run.state).toBe('done');
    expect(order).toEqual(['one', 'two']);
    expect(run.engine.queries).toEqual(['SELECT 1', 'SELECT 2']);
    expect(run.events.some((e) => e.type === 'session_update')).toBe(false);
    expect(run.model.requests[0]!.system[0]!.text).toContain('assistant');
    expect(run.model.requests[0]!.messages[0]!.content[0]).toMatchObject({
      text: 'Which month is wettest?',
    });
    // Each result is in the history, paired to its call.
    const last = run.conversation.messages.at(-1)!;
    expect(last.content.filter((b) => b.type === 'tool_result')).toHaveLength(4);
  });

  it('streams the answer as a draft before it is shown', async () => {
    const run = await turn([
      {
        tools: [
          { name: 'output_text', input: { text: 'Draft answer' } },
          { name: 'finalize', input: { session_title: null } },
        ],
      },
    ]);
    const draft = run.events.findIndex((e) => e.type === 'answer_draft');
    const text = run.events.findIndex((e) => e.type === 'text');
    expect(draft).toBeGreaterThanOrEqual(0);
    expect(draft).toBeLessThan(text);
    const item = reduceAll(run.events).turns[0]!.items[0]!;
    expect(item).toMatchObject({ type: 'text', text: 'Draft answer', draft: false });
  });

  it('takes a plain-text reply without tools as the answer', async () => {
    const run = await turn([{ text: 'It rains most in November.' }]);
    expect(run.state).toBe('done');
    const turn0 = reduceAll(run.events).turns[0]!;
    expect(turn0.items).toEqual([
      expect.objectContaining({ type: 'text', text: 'It rains most in November.' }),
    ]);
    expect(turn0.activity.filter((a) => a.type === 'reasoning')).toEqual([]);
  });

  it('continues a conversation with a valid history', async () => {
    const first = await turn([
      {
        tools: [
          { name: 'output_text', input: { text: 'A' } },
          { name: 'finalize', input: { session_title: null } },
        ],
      },
    ]);
    const second = await turn([{ tools: [{ name: 'finalize', input: { session_title: null } }] }], {
      conversation: first.conversation,
      question: 'And the driest?',
    });
    const req = second.model.requests[0]!;
    expectValid(second.model.requests);
    // finalize's result and the new question share one user message.
    expect(lastUser(req).content.map((b) => b.type)).toEqual([
      'tool_result',
      'tool_result',
      'text',
    ]);
    expect(second.conversation.turnStarts).toHaveLength(2);
  });
});

describe('tool failures are fed back', () => {
  it('gives an unknown column the real columns and the closest match, and the retry succeeds', async () => {
    const engine = new FakeEngine((sql) =>
      sql.includes('tempmax')
        ? {
            ok: false,
            kind: 'error',
            message: 'Binder Error: Referenced column "tempmax" not found in FROM clause!',
            durationMs: 1,
          }
        : rowsResult(['m'], [[21.3]]),
    );
    const run = await turn(
      [
        {
          tools: [
            {
              name: 'sql_query',
              input: { query: 'SELECT max(tempmax) FROM data', description: 'Hottest' },
            },
          ],
        },
        {
          tools: [
            {
              name: 'sql_query',
              input: { query: 'SELECT max(temp_max) FROM data', description: 'Hottest' },
            },
          ],
        },
        { tools: [{ name: 'finalize', input: { session_title: null } }] },
      ],
      { engine },
    );
    const feedback = resultsOf(run.model.requests[1]!)[0]!;
    expect(feedback.is_error).toBe(true);
    expect(feedback.content).toContain('Referenced column "tempmax" not found');
    expect(feedback.content).toContain('did you mean "temp_max"');
    expect(feedback.content).toContain('weather (VARCHAR)');
    const items = reduceAll(run.events).turns[0]!.items;
    expect(items.map((i) => i.type === 'query_result' && i.isError)).toEqual([true, false]);
    expect(resultsOf(run.model.requests[2]!)[0]!.is_error).toBeUndefined();
  });

  it('rejects invalid inputs, bad tables, bad charts and unknown tools with reasons', async () => {
    const run = await turn([
      {
        tools: [
          { name: 'output_table', input: { title: 'T', headers: ['a', 'b'], rows: [[1, 2], [3]] } },
          {
            name: 'create_plot',
            input: {
              title: 'P',
              vega_lite_spec: {
                mark: 'bar',
                data: { url: 'https://evil.example/x.csv' },
                encoding: {},
              },
            },
          },
          { name: 'sql_query', input: { description: 'no query' } },
          { name: 'drop_everything', input: {} },
        ],
      },
      { tools: [{ name: 'finalize', input: { session_title: null } }] },
    ]);
    const results = resultsOf(run.model.requests[1]!);
    expect(results.every((r) => r.is_error)).toBe(true);
    expect(results[0]!.content).toMatch(/Row 2 has 1 cells but there are 2 headers/);
    expect(results[1]!.content).toMatch(/^Chart rejected:/);
    expect(results[2]!.content).toMatch(/Invalid input for sql_query\. [^]*query: missing/);
    expect(results[3]!.content).toContain('There is no tool "drop_everything"');
    expect(run.engine.queries).toEqual([]);
    const view = reduceAll(run.events).turns[0]!;
    // Nothing was shown: no table, no chart, and no card for a query that never ran (its line
    // in the trail says why).
    expect(view.items).toEqual([]);
    expect(view.activity.map((a) => a.type === 'tool' && a.status)).toEqual([
      'error',
      'error',
      'error',
      'error',
      'done',
    ]);
  });
});

describe('results sent to the model are compact', () => {
  it('sends at most 50 rows and about 8 KB, with the true count; the page keeps the full result', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [i, `2012-01-${i}`, 'x'.repeat(40)]);
    const engine = new FakeEngine(() => rowsResult(['i', 'date', 'pad'], rows, 1461));
    const run = await turn(
      [
        {
          tools: [
            { name: 'sql_query', input: { query: 'SELECT * FROM data', description: 'All rows' } },
          ],
        },
        { tools: [{ name: 'finalize', input: { session_title: null } }] },
      ],
      { engine },
    );
    const content = resultsOf(run.model.requests[1]!)[0]!.content;
    const dataLines = content.split('\n').filter((l) => l.startsWith('['));
    expect(dataLines.length).toBeLessThanOrEqual(50);
    expect(dataLines.length).toBeGreaterThan(10);
    expect(content.length).toBeLessThanOrEqual(8_200);
    expect(content).toContain('of 1,461 rows');
    const item = reduceAll(run.events).turns[0]!.items[0]!;
    expect(item.type === 'query_result' && item.rows.length).toBe(1000);
    expect(item.type === 'query_result' && item.rowCount).toBe(1461);
  });
});

describe('limits and control', () => {
  const explore = {
    tools: [{ name: 'sql_query', input: { query: 'SELECT 1', description: 'again' } }],
  };

  it('asks the model to conclude at the step limit, and it does', async () => {
    const run = await turn(
      [
        explore,
        explore,
        explore,
        {
          tools: [
            { name: 'output_text', input: { text: 'Conclusion' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      ],
      { options: { maxSteps: 3 } },
    );
    expect(run.state).toBe('done');
    const note = lastUser(run.model.requests[3]!).content.at(-1)!;
    expect(note.type === 'text' && note.text).toMatch(/used 3 steps, the limit/);
    expect(JSON.stringify(run.model.requests[2]!.messages)).not.toMatch(/the limit for one turn/);
    expectValid(run.model.requests);
  });

  it('asks for the conclusion even when the step at the limit was cut off', async () => {
    const run = await turn(
      [
        { text: 'Thinking at length', stopReason: 'max_tokens' },
        { tools: [{ name: 'finalize', input: { session_title: null } }] },
      ],
      { options: { maxSteps: 1 } },
    );
    expect(run.state).toBe('done');
    const sent = JSON.stringify(lastUser(run.model.requests[1]!));
    expect(sent).toContain('cut off at the output limit');
    expect(sent).toMatch(/used 1 steps, the limit/);
    expectValid(run.model.requests);
  });

  it('ends the turn when the model keeps exploring past the limit', async () => {
    const run = await turn(Array(8).fill(explore), { options: { maxSteps: 3 } });
    expect(run.state).toBe('error');
    expect(run.model.requests).toHaveLength(5);
    expect(run.events.find((e) => e.type === 'error')).toMatchObject({ kind: 'step_limit' });
    expect(
      reduceAll(run.events).turns[0]!.items.filter((i) => i.type === 'query_result'),
    ).toHaveLength(5);
  });

  it('Stop during the model call ends the turn stopped, keeping what was shown', async () => {
    const controller = new AbortController();
    const run = await turn(
      [
        { tools: [{ name: 'sql_query', input: { query: 'SELECT 1', description: 'first' } }] },
        { hang: true },
      ],
      {
        signal: controller.signal,
        onEvent: (e) => e.type === 'query_result' && setTimeout(() => controller.abort(), 5),
      },
    );
    expect(run.state).toBe('stopped');
    const view = reduceAll(run.events).turns[0]!;
    expect(view.state).toBe('stopped');
    expect(view.items).toHaveLength(1);
    // The next question continues from a valid history that says what happened.
    const next = await turn([{ tools: [{ name: 'finalize', input: { session_title: null } }] }], {
      conversation: run.conversation,
    });
    expectValid(next.model.requests);
    expect(JSON.stringify(next.model.requests[0]!.messages)).toContain(
      'stopped the previous request',
    );
  });

  it('Stop during a query cancels it in the engine', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine(() => 'hang');
    const run = await turn(
      [
        {
          tools: [
            {
              name: 'sql_query',
              input: { query: 'SELECT * FROM range(1e12)', description: 'forever' },
            },
            { name: 'output_text', input: { text: 'never' } },
          ],
        },
      ],
      {
        engine,
        signal: controller.signal,
        onEvent: (e) => e.type === 'tool_call' && setTimeout(() => controller.abort(), 5),
      },
    );
    expect(run.state).toBe('stopped');
    // The query it stopped is the one the Stop was for: the call's own id.
    const call = run.events.find((e) => e.type === 'tool_call');
    expect(engine.cancelled).toEqual([call?.type === 'tool_call' ? call.callId : '?']);
    const items = reduceAll(run.events).turns[0]!.items.filter((i) => i.type !== 'text');
    expect(items).toEqual([
      expect.objectContaining({
        type: 'query_result',
        isError: true,
        error: 'Stopped by the person.',
      }),
    ]);
    // The call after the stop never ran but is answered in the history.
    const results = run.conversation.messages
      .at(-1)!
      .content.filter((b) => b.type === 'tool_result');
    expect(results).toHaveLength(2);
  });
});

describe('model failures', () => {
  it('ends with the error message and keeps the results already shown', async () => {
    const run = await turn([
      { tools: [{ name: 'sql_query', input: { query: 'SELECT 1', description: 'first' } }] },
      { error: new ModelError('rate_limit', 'Rate limited by the API (429).', { status: 429 }) },
    ]);
    expect(run.state).toBe('error');
    const view = reduceAll(run.events).turns[0]!;
    expect(view.items.map((i) => i.type)).toEqual(['query_result', 'error']);
    expect(view.items[1]).toMatchObject({
      kind: 'rate_limit',
      message: 'Rate limited by the API (429).',
    });
  });

  it('drops a tool call cut off at max_tokens and asks the model to continue', async () => {
    const cut = {
      tools: [
        { name: 'sql_query', input: { query: 'SELECT 1', description: 'whole' } },
        { name: 'output_text', input: { text: 'half a sen' } },
      ],
      stopReason: 'max_tokens' as const,
    };
    const run = await turn([
      cut,
      { tools: [{ name: 'finalize', input: { session_title: null } }] },
    ]);
    expect(run.state).toBe('done');
    expect(run.engine.queries).toEqual(['SELECT 1']);
    const second = run.model.requests[1]!;
    expect(second.messages.at(-2)!.content.filter((b) => b.type === 'tool_use')).toHaveLength(1);
    expect(JSON.stringify(lastUser(second))).toContain('cut off at the output limit');
    expect(reduceAll(run.events).turns[0]!.items.some((i) => i.type === 'text')).toBe(false);
    expectValid(run.model.requests);
  });

  it('ends cleanly when replies keep being cut off', async () => {
    const cut = { text: 'Long…', stopReason: 'max_tokens' as const };
    const run = await turn([cut, cut]);
    expect(run.state).toBe('error');
    expect(run.events.find((e) => e.type === 'error')).toMatchObject({ kind: 'cut_off' });
  });
});

describe('token budget', () => {
  it('summarises earlier turns once the input passes the budget, keeping the history valid', async () => {
    let conversation = emptyConversation();
    for (let i = 0; i < 4; i++) {
      const r = await turn(
        [
          {
            tools: [
              { name: 'sql_query', input: { query: `SELECT ${i}`, description: `query ${i}` } },
            ],
          },
          {
            tools: [
              { name: 'output_text', input: { text: `Answer ${i}` } },
              { name: 'finalize', input: { session_title: null } },
            ],
          },
        ],
        { conversation, question: `Question ${i}` },
      );
      conversation = r.conversation;
    }
    const before = conversation.messages.length;
    const run = await turn([{ tools: [{ name: 'finalize', input: { session_title: null } }] }], {
      conversation: { ...conversation, lastInputTokens: 150_000 },
      question: 'Question 4',
    });
    const compacted = run.events.find((e) => e.type === 'compacted');
    expect(compacted).toMatchObject({ turnsSummarised: 3, tokensBefore: 150_000 });
    const sent = run.model.requests[0]!.messages;
    expect(sent.length).toBeLessThan(before);
    const opening = sent[0]!.content[0]!;
    expect(opening.type === 'text' && opening.text).toMatch(/Summary of the earlier conversation/);
    expect(opening.type === 'text' && opening.text).toContain('Answer 1');
    expect(JSON.stringify(sent)).toContain('Question 3');
    expectValid(run.model.requests);
    expect(reduceAll(run.events).turns[0]!.activity.some((a) => a.type === 'note')).toBe(true);
  });

  it('says nothing when over the budget with nothing to summarise or elide', async () => {
    const first = await turn([
      {
        tools: [
          { name: 'output_text', input: { text: 'A' } },
          { name: 'finalize', input: { session_title: null } },
        ],
      },
    ]);
    const run = await turn([{ tools: [{ name: 'finalize', input: { session_title: null } }] }], {
      conversation: { ...first.conversation, lastInputTokens: 150_000 },
    });
    expect(run.events.some((e) => e.type === 'compacted')).toBe(false);
    expect(run.model.requests[0]!.messages).toHaveLength(first.conversation.messages.length);
  });

  it('stays quiet under the budget', async () => {
    const run = await turn([{ tools: [{ name: 'finalize', input: { session_title: null } }] }], {
      conversation: { ...emptyConversation(), lastInputTokens: 90_000 },
    });
    expect(run.events.some((e) => e.type === 'compacted')).toBe(false);
  });
});

describe('usage', () => {
  it('records each call and estimates the cost', async () => {
    const run = await turn([
      {
        tools: [{ name: 'sql_query', input: { query: 'SELECT 1', description: 'x' } }],
        usage: { inputTokens: 2_000, outputTokens: 300, cacheWriteTokens: 5_000 },
      },
      {
        tools: [{ name: 'finalize', input: { session_title: null } }],
        usage: { inputTokens: 100, outputTokens: 50, cacheReadTokens: 5_000 },
      },
    ]);
    const usage = reduceAll(run.events).usage;
    expect(usage).toMatchObject({
      inputTokens: 2_100,
      outputTokens: 350,
      cacheWriteTokens: 5_000,
      cacheReadTokens: 5_000,
      calls: 2,
    });
    // Sonnet 5.5: $2 in, $10 out, writes 1.25×, reads 0.1× (per million).
    expect(usage.costUsd).toBeCloseTo((2_100 * 2 + 350 * 10 + 5_000 * 2.5 + 5_000 * 0.2) / 1e6, 10);
  });
});
