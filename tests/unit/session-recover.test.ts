import { describe, expect, it } from 'vitest';
import {
  appendUser,
  emptyConversation,
  type Conversation,
} from '../../src/core/model/conversation.ts';
import { runTurn } from '../../src/core/agent/run-turn.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { checkHistory } from '../../src/core/model/messages-schema.ts';
import { recoverInterrupted, unfinishedTurn } from '../../src/core/session/recover.ts';
import { validateMessagesRequest } from '../mock-anthropic/validate.ts';
import { FakeEngine, WEATHER } from '../helpers/fake-engine.ts';
import { ScriptedModel } from '../helpers/scripted-model.ts';
import { sid, tid } from '../helpers/ids.ts';
import { SIFT_TOOLS } from '../../src/core/tools/registry.ts';

interface Moment {
  events: AgentEvent[];
  history: Conversation;
}

/** Runs a whole turn, noting at each checkpoint what storage would hold if the page died then. */
async function momentsOfATurn(): Promise<{
  moments: Moment[];
  events: AgentEvent[];
  final: Conversation;
}> {
  const events: AgentEvent[] = [];
  const moments: Moment[] = [];
  const model = new ScriptedModel([
    {
      text: 'Counting rainy days.',
      tools: [
        { name: 'sql_query', input: { query: 'SELECT 1 AS n', description: 'one' } },
        { name: 'profile_columns', input: {} },
      ],
    },
    {
      tools: [
        { name: 'output_text', input: { text: 'It rains a lot.' } },
        { name: 'finalize', input: { session_title: null } },
      ],
    },
  ]);
  const result = await runTurn(
    {
      turnId: tid('t1'),
      kind: 'question',
      question: 'How rainy is it?',
      tables: [WEATHER],
      conversation: emptyConversation(),
      signal: new AbortController().signal,
      emit: (e) => {
        if (e.type !== 'answer_draft' && e.type !== 'reasoning_delta') events.push(e);
      },
      checkpoint: (c) => moments.push({ events: [...events], history: c }),
    },
    { model, engine: new FakeEngine(), modelId: 'claude-sonnet-5-5', tools: SIFT_TOOLS },
  );
  return { moments, events, final: result.conversation };
}

/** The next question's request, as the API would receive it. */
function nextRequestProblem(c: Conversation): string | null {
  const messages = appendUser(c.messages, [{ type: 'text', text: 'And now?' }]);
  return validateMessagesRequest({
    model: 'claude-sonnet-5-5',
    max_tokens: 1000,
    messages,
    stream: true,
  });
}

describe('reopening a session whose turn never ended', () => {
  it('gives a valid history and an interrupted turn at every moment the page could have died', async () => {
    const { moments, events, final } = await momentsOfATurn();
    // The question, the first reply, its results, the second reply, its results, the end.
    expect(moments.length).toBeGreaterThanOrEqual(5);
    expect(moments.at(-1)!.history).toEqual(final);
    for (const m of moments.slice(0, -1)) {
      const recovery = recoverInterrupted(m.events, m.history, undefined, 99);
      expect(recovery).not.toBeNull();
      expect(checkHistory(recovery!.conversation)).toBeNull();
      expect(nextRequestProblem(recovery!.conversation)).toBeNull();
      expect(JSON.stringify(recovery!.conversation.messages.at(-1))).toContain(
        'page was closed or reloaded',
      );
      const view = reduceAll([...m.events, ...recovery!.events]);
      expect(view.turns.at(-1)!.state).toBe('interrupted');
      for (const item of view.turns.at(-1)!.items)
        if (item.type === 'query_result') expect(item.running).toBe(false);
    }
    expect(recoverInterrupted(events, final, undefined, 99)).toBeNull();
  });

  it('shows the streaming answer and reasoning that were on the page, once', () => {
    const events: AgentEvent[] = [
      { type: 'turn_start', turnId: tid('t'), kind: 'question', question: 'Q?', model: 'm', at: 1 },
    ];
    const live = {
      sessionId: sid('s'),
      turnId: tid('t'),
      answer: { callId: 'c1', text: 'Half an ans' },
      reasoning: { step: 2, text: 'Now I will' },
    };
    const recovery = recoverInterrupted(events, undefined, live, 5)!;
    expect(recovery.events.map((e) => e.type)).toEqual(['reasoning', 'text', 'done']);
    const view = reduceAll([...events, ...recovery.events]);
    const turn = view.turns[0]!;
    // Kept as it was shown, and marked: the answer never finished.
    expect(turn.items).toEqual([
      { type: 'text', id: 'c1', text: 'Half an ans', draft: false, cutOff: true },
    ]);
    expect(turn.activity.some((a) => a.type === 'reasoning' && a.text === 'Now I will')).toBe(true);
    // Without any stored history the question itself is still named to the model.
    expect(JSON.stringify(recovery.conversation)).toContain('the question \\"Q?\\"');
    expect(nextRequestProblem(recovery.conversation)).toBeNull();

    // A draft whose final text was stored already is not shown twice.
    const stored: AgentEvent[] = [
      ...events,
      { type: 'text', turnId: tid('t'), callId: 'c1', text: 'Half an answer.' },
      { type: 'reasoning', turnId: tid('t'), step: 2, text: 'Now I will' },
    ];
    const again = recoverInterrupted(stored, undefined, live, 5)!;
    expect(again.events.map((e) => e.type)).toEqual(['done']);
  });

  it('ignores a draft of another turn, and a finished session needs nothing', () => {
    const start: AgentEvent = {
      type: 'turn_start',
      turnId: tid('t2'),
      kind: 'analysis',
      question: null,
      model: 'm',
      at: 1,
    };
    const stale = {
      sessionId: sid('s'),
      turnId: tid('t1'),
      answer: { callId: 'x', text: 'old' },
      reasoning: null,
    };
    const recovery = recoverInterrupted([start], undefined, stale, 2)!;
    expect(recovery.events.map((e) => e.type)).toEqual(['done']);
    expect(JSON.stringify(recovery.conversation)).toContain('the initial analysis');
    const done: AgentEvent = { type: 'done', turnId: tid('t2'), state: 'done', at: 3 };
    expect(unfinishedTurn([start, done])).toBeNull();
    expect(recoverInterrupted([start, done], undefined, stale, 4)).toBeNull();
  });
});
