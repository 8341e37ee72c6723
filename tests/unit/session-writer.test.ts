import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openSessionStore } from '../../src/adapters/session-store.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';

import type { SessionStore } from '../../src/core/session/store.ts';
import { rescuedAfter, SessionWriter } from '../../src/state/session-writer.ts';
import { sid, tid, sessionMetaOf } from '../helpers/ids.ts';

const meta = sessionMetaOf('s1', { title: 'weather.csv' });

const start: AgentEvent = {
  type: 'turn_start',
  turnId: tid('t'),
  kind: 'question',
  question: 'Q?',
  model: 'm',
  at: 1,
};
const draft = (text: string): AgentEvent => ({
  type: 'answer_draft',
  turnId: tid('t'),
  callId: 'c',
  text,
});
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setUp(store?: SessionStore) {
  const real = await openSessionStore({ name: 'w', factory: new IDBFactory() });
  await real.create(meta);
  const failures: unknown[] = [];
  const written: number[] = [];
  const writer = new SessionWriter({
    sessionId: sid('s1'),
    store: store ?? real,
    nextSeq: 0,
    onFail: (e) => failures.push(e),
    onWritten: (seq) => written.push(seq),
  });
  return { real, writer, failures, written };
}

describe('writing a session as it happens', () => {
  it('stores events in order with consecutive positions, and tells after each is stored', async () => {
    const { real, writer, written } = await setUp();
    const texts = Array.from({ length: 20 }, (_, i): AgentEvent => ({
      type: 'text',
      turnId: tid('t'),
      callId: `c${i}`,
      text: `item ${i}`,
    }));
    writer.event(start);
    for (const e of texts) writer.event(e);
    await writer.flushed();
    expect(await real.events(sid('s1'))).toEqual([start, ...texts]);
    expect(written).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect((await real.get(sid('s1')))!.eventCount).toBe(21);
  });

  it('keeps the latest streaming text as a snapshot, cleared once the answer is whole', async () => {
    const { real, writer } = await setUp();
    writer.event(start);
    for (const t of ['It', 'It rains', 'It rains a lot']) writer.transient(draft(t));
    writer.transient({ type: 'reasoning_delta', turnId: tid('t'), step: 1, text: 'Look' });
    writer.transient({ type: 'reasoning_delta', turnId: tid('t'), step: 1, text: 'ing.' });
    await wait(400);
    await writer.flushed();
    expect(await real.live(sid('s1'))).toEqual({
      sessionId: sid('s1'),
      turnId: tid('t'),
      answer: { callId: 'c', text: 'It rains a lot' },
      reasoning: { step: 1, text: 'Looking.' },
    });
    writer.event({ type: 'text', turnId: tid('t'), callId: 'c', text: 'It rains a lot.' });
    writer.event({ type: 'reasoning', turnId: tid('t'), step: 1, text: 'Looking.' });
    await writer.flushed();
    expect(await real.live(sid('s1'))).toBeUndefined();
  });

  it('stops saving at the first failure, says so once, and the page goes on', async () => {
    const { real } = await setUp();
    let calls = 0;
    const failing: SessionStore = {
      ...real,
      appendEvent: async () => {
        calls++;
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const { writer, failures } = await setUp(failing);
    writer.event(start);
    writer.event({ type: 'done', turnId: tid('t'), state: 'done', at: 2 });
    writer.history({ messages: [], turnStarts: [], lastInputTokens: null });
    await writer.flushed();
    expect(calls).toBe(1);
    expect(failures).toHaveLength(1);
    expect((failures[0] as DOMException).name).toBe('QuotaExceededError');
    expect(writer.saving).toBe(false);
    expect(writer.rescue()).toBeNull();
  });

  it('hands over what storage has not confirmed yet, for the page to keep as it unloads', async () => {
    const { real } = await setUp();
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow: SessionStore = {
      ...real,
      appendEvent: async (...args) => {
        await gate;
        return real.appendEvent(...args);
      },
    };
    const { writer } = await setUp(slow);
    writer.event(start);
    writer.transient(draft('Half'));
    writer.history({ messages: [], turnStarts: [0], lastInputTokens: null });
    const rescue = writer.rescue()!;
    expect(rescue.events).toEqual([[0, start]]);
    expect(rescue.live?.answer).toEqual({ callId: 'c', text: 'Half' });
    expect(rescue.history?.turnStarts).toEqual([0]);
    release();
    await wait(400);
    await writer.flushed();
    expect(writer.rescue()?.events ?? []).toEqual([]);
  });

  it('merges back only the rescued events that continue the stored ones without a gap', () => {
    const e = (n: number): AgentEvent => ({ type: 'status', turnId: tid('t'), message: `m${n}` });
    const rescue = {
      sessionId: sid('s1'),
      live: null,
      history: null,
      events: [3, 4, 6].map((n): [number, AgentEvent] => [n, e(n)]),
    };
    expect(rescuedAfter(rescue, 3)).toEqual([e(3), e(4)]);
    expect(rescuedAfter(rescue, 2)).toEqual([]);
    expect(rescuedAfter(rescue, 5)).toEqual([]);
  });
});
