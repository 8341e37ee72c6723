/**
 * Regression: a reply cut mid-stream (a dropped connection, Stop) lost the answer the
 * person had watched arrive — `ModelError.partial` was never read. What was shown is kept as a
 * durable event marked cut off, and the model's next request says what the person saw.
 */
import { describe, expect, it } from 'vitest';
import { checkHistory } from '../../src/core/model/messages-schema.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { TRANSIENT } from '../../src/core/events/events.ts';
import { expectValid, turn } from '../helpers/agent-turn.ts';

const ANSWER = 'November is the wettest month, with 642.5 mm over four years.';
const reply = {
  text: 'Summing precipitation by month.',
  tools: [
    { name: 'output_text', input: { text: ANSWER } },
    { name: 'finalize', input: { session_title: 'Wet months' } },
  ],
};
const finalize = { tools: [{ name: 'finalize', input: { session_title: null } }] };

/** What the page would show after a reload: the durable events only. */
const stored = (events: Parameters<typeof reduceAll>[0]) =>
  reduceAll(events.filter((e) => !TRANSIENT.has(e.type))).turns[0]!;

describe('a reply cut mid-stream', () => {
  it('keeps a whole output_text answer, marked cut off, and answers its tool call', async () => {
    const run = await turn([{ cut: reply, wholeTools: 1 }]);
    expect(run.state).toBe('error');
    const turnView = stored(run.events);
    expect(turnView.items).toEqual([
      expect.objectContaining({ type: 'text', text: ANSWER, draft: false, cutOff: true }),
      expect.objectContaining({ type: 'error', kind: 'network' }),
    ]);
    expect(turnView.activity).toContainEqual(
      expect.objectContaining({ type: 'reasoning', text: reply.text }),
    );
    // The finalize call that was half-way never runs, and the history is one the API accepts.
    expect(run.events.some((e) => e.type === 'session_update')).toBe(false);
    expect(checkHistory(run.conversation)).toBeNull();
    const [assistant, user] = run.conversation.messages.slice(-2);
    expect(assistant!.content.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(user!.content).toEqual([
      expect.objectContaining({ type: 'tool_result', content: 'Shown to the person.' }),
    ]);

    const next = await turn([finalize], { conversation: run.conversation });
    expectValid(next.model.requests);
    expect(JSON.stringify(next.model.requests[0]!.messages)).toContain(ANSWER);
  });

  it('keeps the part of an answer that arrived, and tells the model what was seen', async () => {
    const run = await turn([{ cut: reply, wholeTools: 0 }]);
    const text = stored(run.events).items.find((i) => i.type === 'text');
    expect(text).toMatchObject({ cutOff: true, draft: false });
    const shown = text?.type === 'text' ? text.text : '';
    expect(shown.length).toBeGreaterThan(5);
    expect(ANSWER.startsWith(shown)).toBe(true);
    expect(shown).not.toBe(ANSWER);
    expect(checkHistory(run.conversation)).toBeNull();

    const next = await turn([finalize], { conversation: run.conversation });
    expectValid(next.model.requests);
    const sent = JSON.stringify(next.model.requests[0]!.messages);
    expect(sent).toContain('the person saw only this part of it');
    expect(sent).toContain(JSON.stringify(shown).slice(1, -1));
  });

  it('keeps what was shown when the person presses Stop mid-answer', async () => {
    const run = await turn([{ cut: reply, wholeTools: 0, kind: 'aborted' }]);
    expect(run.state).toBe('stopped');
    const turnView = stored(run.events);
    expect(turnView.items).toEqual([expect.objectContaining({ type: 'text', cutOff: true })]);
    const next = await turn([finalize], { conversation: run.conversation });
    expectValid(next.model.requests);
  });

  it('adds nothing to the history when nothing arrived', async () => {
    const run = await turn([{ cut: { tools: [] }, wholeTools: 0 }]);
    expect(run.conversation.messages).toHaveLength(1);
    expect(stored(run.events).items.map((i) => i.type)).toEqual(['error']);
  });
});
