/**
 * What comes back in is checked before the page relies on it: records read from IndexedDB that an
 * older or broken write left, a rescue in sessionStorage that does not fit, and messages from
 * other tabs. Each is left out (or kept in its place) rather than trusted.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openChannel } from '../../src/adapters/session-channel.ts';
import { DB_VERSION, openAtVersion, openSessionStore } from '../../src/adapters/session-store.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';

import type { TabMessage } from '../../src/core/session/tab-messages.ts';
import { sid, tid, sessionMetaOf } from '../helpers/ids.ts';

const t = tid('t1');
const meta = (id: string) => sessionMetaOf(id);
const text = (s: string): AgentEvent => ({ type: 'text', turnId: t, callId: s, text: s });

describe('records read back from IndexedDB', () => {
  async function storeWithRaw() {
    const options = { name: 'sift-checked', factory: new IDBFactory() };
    const store = await openSessionStore(options);
    const raw = await openAtVersion(DB_VERSION, options);
    return { store, raw };
  }

  it('leave out a session record that does not fit, and list the others', async () => {
    const { store, raw } = await storeWithRaw();
    await store.create(meta('good'));
    // What a broken write might leave: no title, a table list that is not a list.
    await raw.put('sessions', { id: 'bad', updatedAt: 2, tables: 'rain' } as never);
    expect((await store.list()).map((s) => s.id)).toEqual(['good']);
    expect(await store.get(sid('bad'))).toBeUndefined();
    raw.close();
    store.close();
  });

  it('keep a malformed event in its place, shown as nothing, so later events are not overwritten', async () => {
    const { store, raw } = await storeWithRaw();
    await store.create(meta('a'));
    await store.appendEvent(sid('a'), 0, {
      type: 'turn_start',
      turnId: t,
      kind: 'question',
      question: 'Q?',
      model: 'm',
      at: 1,
    });
    await store.appendEvent(sid('a'), 1, text('kept'));
    await store.appendEvent(sid('a'), 2, text('will break'));
    const row = await raw.get('events', ['a', 2]);
    await raw.put('events', { ...row!, event: { type: 'text', turnId: t } as never });
    await store.appendEvent(sid('a'), 3, text('after'));

    const events = await store.events(sid('a'));
    expect(events).toHaveLength(4);
    expect(events[2]).toMatchObject({ type: 'status' });
    const items = reduceAll(events).turns[0]!.items;
    expect(items.map((i) => (i.type === 'text' ? i.text : i.type))).toEqual(['kept', 'after']);
    raw.close();
    store.close();
  });

  it('read a history or a draft that does not fit as absent', async () => {
    const { store, raw } = await storeWithRaw();
    await store.create(meta('a'));
    await raw.put('histories', { sessionId: 'a', conversation: { messages: 'lost' } } as never);
    await raw.put('live', { sessionId: 'a', turnId: 't1', answer: 42 } as never);
    expect(await store.history(sid('a'))).toBeUndefined();
    expect(await store.live(sid('a'))).toBeUndefined();
    raw.close();
    store.close();
  });
});

describe('messages from other tabs', () => {
  it('reach the page only when they fit the schema', async () => {
    const received: TabMessage[] = [];
    const channel = openChannel((m) => received.push(m));
    const other = new BroadcastChannel('sift-sessions');
    other.postMessage({ type: 'event', sessionId: 'a', seq: 'first', event: text('x') });
    other.postMessage({ type: 'event', sessionId: 'a', seq: 0, event: { type: 'unknown' } });
    other.postMessage('list');
    other.postMessage({ type: 'list', deleted: 'a' });
    other.postMessage({ type: 'event', sessionId: 'a', seq: 0, event: text('x') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([
      { type: 'list', deleted: 'a' },
      { type: 'event', sessionId: 'a', seq: 0, event: text('x') },
    ]);
    other.close();
    channel.close();
  });

  it("reach every part of the page, which never hears the page's own", async () => {
    const session: TabMessage[] = [];
    const engine: TabMessage[] = [];
    const list = openChannel((m) => session.push(m));
    const asker = openChannel((m) => engine.push(m));
    const other = new BroadcastChannel('sift-sessions');
    const fromOther: unknown[] = [];
    other.onmessage = (e: MessageEvent<unknown>) => fromOther.push(e.data);
    // The engine asks (as a follower does): the other tab hears it, the page's list does not —
    // a page that answered its own asks would show its own tables as the writer's.
    asker.post({
      type: 'ask',
      from: 'tab-1',
      sessionId: sid('a'),
      ask: 1,
      call: { name: 'tables' },
    });
    other.postMessage({ type: 'list', deleted: 'b' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fromOther).toEqual([
      { type: 'ask', from: 'tab-1', sessionId: 'a', ask: 1, call: { name: 'tables' } },
    ]);
    expect(session).toEqual([{ type: 'list', deleted: 'b' }]);
    expect(engine).toEqual([{ type: 'list', deleted: 'b' }]);
    // One part closing leaves the others hearing.
    list.close();
    other.postMessage({ type: 'list', deleted: 'c' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engine).toEqual([
      { type: 'list', deleted: 'b' },
      { type: 'list', deleted: 'c' },
    ]);
    expect(session).toHaveLength(1);
    other.close();
    asker.close();
  });
});
