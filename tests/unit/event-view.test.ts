import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { tid } from '../helpers/ids.ts';
import type { TurnId } from '../../src/core/ids.ts';

const t = tid('turn-1');
const start: AgentEvent = {
  type: 'turn_start',
  turnId: t,
  kind: 'question',
  question: 'Q',
  model: 'm',
  at: 0,
};

describe('the view of a turn', () => {
  it('puts results of earlier calls above an answer still being drafted', () => {
    const view = reduceAll([
      start,
      { type: 'answer_draft', turnId: t, callId: 'c3', text: 'Nov' },
      { type: 'tool_call', turnId: t, callId: 'c1', tool: 'output_table', input: { title: 'T' } },
      { type: 'table', turnId: t, callId: 'c1', title: 'T', headers: ['a'], rows: [[1]] },
      { type: 'answer_draft', turnId: t, callId: 'c3', text: 'November is wettest' },
      { type: 'tool_call', turnId: t, callId: 'c3', tool: 'output_text', input: {} },
      { type: 'text', turnId: t, callId: 'c3', text: 'November is wettest.' },
      { type: 'done', turnId: t, state: 'done', at: 1 },
    ]);
    const items = view.turns[0]!.items;
    expect(items.map((i) => i.type)).toEqual(['table', 'text']);
    expect(items[1]).toMatchObject({ text: 'November is wettest.', draft: false });
  });

  it('keeps what arrived when a turn ends early, and marks unfinished work', () => {
    const view = reduceAll([
      start,
      {
        type: 'tool_call',
        turnId: t,
        callId: 'q',
        tool: 'sql_query',
        input: { query: 'SELECT 1', description: 'd' },
      },
      { type: 'query_running', turnId: t, callId: 'q', query: 'SELECT 1', description: 'd' },
      { type: 'answer_draft', turnId: t, callId: 'a', text: 'Partial' },
      { type: 'error', turnId: t, kind: 'network', message: 'Lost' },
      { type: 'done', turnId: t, state: 'error', at: 1 },
    ]);
    const turn = view.turns[0]!;
    expect(turn.state).toBe('error');
    expect(turn.items).toEqual([
      expect.objectContaining({ type: 'query_result', running: false, isError: true }),
      expect.objectContaining({ type: 'text', text: 'Partial', draft: false }),
      expect.objectContaining({ type: 'error', message: 'Lost' }),
    ]);
    expect(turn.activity).toEqual([expect.objectContaining({ type: 'tool', status: 'error' })]);
  });

  it('says a running query failed, and drops a draft answer, when their call fails', () => {
    const view = reduceAll([
      start,
      { type: 'query_running', turnId: t, callId: 'q', query: 'SELECT 1', description: 'd' },
      { type: 'answer_draft', turnId: t, callId: 'a', text: 'Partial' },
      {
        type: 'tool_end',
        turnId: t,
        callId: 'q',
        tool: 'sql_query',
        isError: true,
        message: 'Timed out',
      },
      { type: 'tool_end', turnId: t, callId: 'a', tool: 'output_text', isError: true },
    ]);
    expect(view.turns[0]!.items).toEqual([
      expect.objectContaining({ type: 'query_result', running: false, error: 'Timed out' }),
    ]);
  });

  it('withdraws a draft whose call was dropped', () => {
    const view = reduceAll([
      start,
      { type: 'answer_draft', turnId: t, callId: 'a', text: 'Half a sen' },
      { type: 'answer_withdrawn', turnId: t, callId: 'a' },
    ]);
    expect(view.turns[0]!.items).toEqual([]);
  });

  it('gives each error its own key after a draft is withdrawn (regression: keyed by position)', () => {
    const view = reduceAll([
      start,
      { type: 'answer_draft', turnId: t, callId: 'a', text: 'Half a sen' },
      { type: 'error', turnId: t, kind: 'internal', message: 'First' },
      { type: 'answer_withdrawn', turnId: t, callId: 'a' },
      { type: 'error', turnId: t, kind: 'network', message: 'Second' },
    ]);
    const ids = view.turns[0]!.items.map((i) => i.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('adds up usage per turn and per session, and loses the cost when a model has no price', () => {
    const usage = (turnId: TurnId, costUsd: number | null): AgentEvent => ({
      type: 'usage',
      turnId,
      step: 1,
      model: 'm',
      inputTokens: 10,
      outputTokens: 5,
      cacheReadTokens: 2,
      cacheWriteTokens: 1,
      costUsd,
    });
    const view = reduceAll([
      start,
      usage(t, 0.5),
      usage(t, 0.25),
      { ...start, turnId: tid('t2') },
      usage(tid('t2'), null),
    ]);
    expect(view.turns[0]!.usage).toMatchObject({
      inputTokens: 20,
      outputTokens: 10,
      costUsd: 0.75,
      calls: 2,
    });
    expect(view.turns[1]!.usage.costUsd).toBeNull();
    expect(view.usage).toMatchObject({
      inputTokens: 30,
      cacheReadTokens: 6,
      costUsd: null,
      calls: 3,
    });
  });
});
