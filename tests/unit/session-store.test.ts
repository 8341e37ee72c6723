// idb's wrapper checks `instanceof IDBRequest` etc. and the store builds IDBKeyRanges, so the
// fake's classes must be globals; each test still gets its own factory, so its own databases.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DB_VERSION,
  openAtVersion,
  openSessionStore,
  UPGRADES,
  type StoreOptions,
} from '../../src/adapters/session-store.ts';
import type { Conversation } from '../../src/core/model/conversation.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { displayRow } from '../../src/core/session/display-row.ts';
import type { LiveDraft, SessionMeta } from '../../src/core/session/records.ts';
import type { SessionStore } from '../../src/core/session/store.ts';
import { sid, fid, tid, sessionMetaOf } from '../helpers/ids.ts';

const t = tid('turn-1');
const text = (s: string): AgentEvent => ({ type: 'text', turnId: t, callId: 'c', text: s });
const len = (v: unknown) => JSON.stringify(v).length;
/** The stored size of an event: its whole persistence row. */
const stored = (seq: number, e: AgentEvent, id = 'a') => len(displayRow(id, seq, e));

const meta = (id: string, updatedAt = 1): SessionMeta =>
  sessionMetaOf(id, {
    updatedAt,
    tables: [{ name: 'rain', fileId: fid(`${id}-f1`), fileName: 'rain.csv', fileBytes: 9 }],
  });

const conversation: Conversation = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Which month is wettest?' }] }],
  turnStarts: [0],
  lastInputTokens: 120,
};

let options: StoreOptions;
let store: SessionStore;

beforeEach(async () => {
  options = { name: 'sift-test', factory: new IDBFactory() };
  store = await openSessionStore(options);
});

afterEach(() => {
  store.close();
  vi.restoreAllMocks();
});

/** The object stores as they are, not as the API reports them. */
async function raw() {
  const db = await openAtVersion(DB_VERSION, options);
  const all = {
    sessions: await db.getAll('sessions'),
    files: await db.getAll('files'),
    events: await db.getAll('events'),
    histories: await db.getAll('histories'),
    live: await db.getAll('live'),
  };
  db.close();
  return all;
}

describe('the session store', () => {
  it('gives back two files with their names, types and bytes', async () => {
    await store.create(meta('a'));
    const csv = new File(['month,mm\nnov,120\n'], 'rain.csv', {
      type: 'text/csv',
      lastModified: 42,
    });
    const json = new File(['{"x":1}'], 'extra.json', { type: 'application/json' });
    await store.putFile(sid('a'), fid('a-f1'), csv);
    await store.putFile(sid('a'), fid('a-f2'), json);

    const back = await store.getFile(fid('a-f1'));
    expect(back).toBeInstanceOf(File);
    expect(back).toMatchObject({ name: 'rain.csv', type: 'text/csv', lastModified: 42 });
    expect(await back!.text()).toBe('month,mm\nnov,120\n');
    const other = await store.getFile(fid('a-f2'));
    expect(other).toMatchObject({ name: 'extra.json', type: 'application/json' });
    expect(await other!.text()).toBe('{"x":1}');
    expect(await store.getFile(fid('missing'))).toBeUndefined();
    expect((await store.get(sid('a')))!.bytes.files).toBe(csv.size + json.size);
    expect(await store.get(sid('a'))).toMatchObject({
      title: 'Session a',
      tables: meta('a').tables,
    });
  });

  it('counts a file stored twice under one id once, and deleteFile takes its size off', async () => {
    await store.create(meta('a'));
    const small = new File(['abc'], 'a.csv');
    const big = new File(['abcdefgh'], 'a.csv');
    await store.putFile(sid('a'), fid('f1'), small);
    await store.putFile(sid('a'), fid('f1'), big);
    await store.putFile(sid('a'), fid('f2'), small);
    expect((await store.get(sid('a')))!.bytes.files).toBe(8 + 3);

    await store.deleteFile(sid('a'), fid('f1'));
    expect((await store.get(sid('a')))!.bytes.files).toBe(3);
    expect(await store.getFile(fid('f1'))).toBeUndefined();
    await store.deleteFile(sid('a'), fid('f1')); // already gone: nothing to take off
    expect((await store.get(sid('a')))!.bytes.files).toBe(3);
  });

  it('returns events in seq order when written out of order', async () => {
    await store.create(meta('a'));
    await store.create(meta('a2')); // a key just after 'a' must not leak into its range
    for (const seq of [10, 2, 0, 1]) await store.appendEvent(sid('a'), seq, text(`e${seq}`));
    await store.appendEvent(sid('a2'), 0, text('other'));

    const events = await store.events(sid('a'));
    expect(events.map((e) => (e.type === 'text' ? e.text : ''))).toEqual(['e0', 'e1', 'e2', 'e10']);
    expect((await store.get(sid('a')))!.eventCount).toBe(11);
  });

  it('keeps one event when a seq is written twice and counts its bytes once', async () => {
    await store.create(meta('a'));
    await store.appendEvent(sid('a'), 0, text('hello'));
    await store.appendEvent(sid('a'), 0, text('hello'));
    expect(await store.events(sid('a'))).toHaveLength(1);
    expect(await store.get(sid('a'))).toMatchObject({
      eventCount: 1,
      bytes: { events: stored(0, text('hello')) },
    });

    // A different event at the same seq replaces the first, and its size with it.
    await store.appendEvent(sid('a'), 0, text('hello, longer'));
    expect(await store.events(sid('a'))).toEqual([text('hello, longer')]);
    expect((await store.get(sid('a')))!.bytes.events).toBe(stored(0, text('hello, longer')));
    expect((await raw()).events).toHaveLength(1);
  });

  it('keeps eventCount, bytes and updatedAt with each event', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(5_000);
    await store.create(meta('a', 10));
    const start: AgentEvent = {
      type: 'turn_start',
      turnId: t,
      kind: 'question',
      question: 'Why?',
      model: 'm',
      at: 0,
    };
    await store.appendEvent(sid('a'), 0, start);
    const first = (await store.get(sid('a')))!;
    expect(first).toMatchObject({
      eventCount: 1,
      updatedAt: 5_000,
      bytes: { events: stored(0, start) },
    });

    await store.appendEvent(sid('a'), 1, text('Because.'));
    const second = (await store.get(sid('a')))!;
    expect(second.eventCount).toBe(2);
    expect(second.bytes.events).toBe(stored(0, start) + stored(1, text('Because.')));
    // The clock did not move, yet the write is still later than the one before.
    expect(second.updatedAt).toBeGreaterThan(first.updatedAt);
  });

  it('counts a query result’s rows as often as they are stored (regression: counted once)', async () => {
    await store.create(meta('a'));
    const rows = Array.from({ length: 200 }, (_, i) => [`2015-01-${i}`, i * 1.5]);
    const result: AgentEvent = {
      type: 'query_result',
      turnId: t,
      callId: 'q',
      description: 'Rain by day',
      query: 'SELECT date, precipitation FROM data',
      columns: ['date', 'precipitation'],
      rows,
      rowCount: 200,
      truncated: false,
      durationMs: 4,
      isError: false,
    };
    await store.appendEvent(sid('a'), 0, result);
    const counted = (await store.get(sid('a')))!.bytes.events;
    // The event keeps the rows, and the display row's plot_data column keeps them again.
    expect(counted).toBeGreaterThan(2 * len(rows));
    expect(counted).toBe(len((await raw()).events[0]));
  });

  it('stores copies of proxied values, as Svelte $state hands them over', async () => {
    await store.create(meta('a'));
    const proxied = new Proxy(text('from state'), {});
    expect(() => structuredClone(proxied)).toThrow();
    await store.appendEvent(sid('a'), 0, proxied);
    await store.saveHistory(sid('a'), new Proxy(conversation, {}));
    expect(await store.events(sid('a'))).toEqual([text('from state')]);
    expect(await store.history(sid('a'))).toEqual(conversation);
  });

  it('rejects an event for a session it does not have, and stores nothing', async () => {
    await expect(store.appendEvent(sid('nope'), 0, text('x'))).rejects.toThrow(/nope/);
    expect((await raw()).events).toEqual([]);
    await store.create(meta('a'));
    await expect(store.appendEvent(sid('a'), -1, text('x'))).rejects.toThrow(/seq/);
  });

  it('lists the most recently updated first, even within one clock tick', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    await store.create(meta('a', 1_000));
    await store.create(meta('b', 1_000));
    await store.create(meta('c', 1_000));
    await store.update(sid('a'), { title: 'A' });
    await store.appendEvent(sid('c'), 0, text('x'));
    await store.update(sid('b'), { title: 'B' });
    expect((await store.list()).map((s) => s.id)).toEqual(['b', 'c', 'a']);
  });

  it('renames through update and rejects an unknown id', async () => {
    await store.create(meta('a'));
    const renamed = await store.update(sid('a'), { title: 'Rainfall', titleSource: 'person' });
    expect(renamed).toMatchObject({ id: 'a', title: 'Rainfall', titleSource: 'person' });
    expect(await store.get(sid('a'))).toEqual(renamed);
    // An absent key leaves the field as it was.
    await store.update(sid('a'), { title: undefined, tables: [] });
    expect(await store.get(sid('a'))).toMatchObject({ title: 'Rainfall', tables: [] });
    await expect(store.update(sid('nope'), { title: 'x' })).rejects.toThrow(/nope/);
  });

  it('renames without moving a session in the list or changing its date, when told not to touch it', async () => {
    await store.create(meta('a', 1_000));
    await store.create(meta('b', 2_000));
    const before = (await store.get(sid('a')))!.updatedAt;
    await store.update(sid('a'), { title: 'Renamed', titleSource: 'person' }, false);
    expect((await store.get(sid('a')))!).toMatchObject({ title: 'Renamed', updatedAt: before });
    expect((await store.list()).map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('refuses a second session with the same id', async () => {
    await store.create(meta('a'));
    await expect(store.create(meta('a'))).rejects.toMatchObject({ name: 'ConstraintError' });
  });

  it('round-trips a history and counts its bytes', async () => {
    await store.create(meta('a'));
    expect(await store.history(sid('a'))).toBeUndefined();
    await store.saveHistory(sid('a'), conversation);
    expect(await store.history(sid('a'))).toEqual(conversation);
    expect((await store.get(sid('a')))!.bytes.history).toBe(len(conversation));
    await expect(store.saveHistory(sid('nope'), conversation)).rejects.toThrow(/nope/);
  });

  it('sets and clears the live draft', async () => {
    await store.create(meta('a'));
    const draft: LiveDraft = {
      sessionId: sid('a'),
      turnId: t,
      answer: { callId: 'c', text: 'Nov' },
      reasoning: { step: 1, text: 'Looking' },
    };
    await store.setLive(sid('a'), draft);
    expect(await store.live(sid('a'))).toEqual(draft);
    await store.setLive(sid('a'), { ...draft, answer: null });
    expect(await store.live(sid('a'))).toEqual({ ...draft, answer: null });
    await store.setLive(sid('a'), null);
    expect(await store.live(sid('a'))).toBeUndefined();
  });

  it('deletes a session with its files, events, history and draft, and nothing else', async () => {
    for (const id of [sid('a'), sid('b')]) {
      await store.create(meta(id));
      await store.putFile(id, fid(`${id}-f1`), new File(['x'], 'x.csv'));
      await store.putFile(id, fid(`${id}-f2`), new File(['y'], 'y.csv'));
      await store.appendEvent(id, 0, text('one'));
      await store.appendEvent(id, 1, text('two'));
      await store.saveHistory(id, conversation);
      await store.setLive(id, { sessionId: id, turnId: t, answer: null, reasoning: null });
    }
    await store.delete(sid('a'));

    const left = await raw();
    expect(left.sessions.map((s) => s.id)).toEqual(['b']);
    expect(left.files.map((f) => f.id)).toEqual(['b-f1', 'b-f2']);
    expect(left.events.map((e) => e.sessionId)).toEqual(['b', 'b']);
    expect(left.histories.map((h) => h.sessionId)).toEqual(['b']);
    expect(left.live.map((l) => l.sessionId)).toEqual(['b']);
  });

  it('closes for another connection that needs the database, instead of blocking it', async () => {
    const factory = options.factory!;
    await new Promise<void>((resolve, reject) => {
      const request = factory.deleteDatabase('sift-test');
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('blocked by the open store'));
    });
    await expect(store.list()).rejects.toBeDefined();
  });
});

describe('upgrading a stored database', () => {
  it('backfills bytes and eventCount from a version 1 database and keeps everything', async () => {
    options = { ...options, name: 'sift-old' };
    const v1 = await openAtVersion(1, options);
    const { bytes: _b, eventCount: _c, ...oldA } = meta('a', 7);
    const { bytes: _b2, eventCount: _c2, ...oldEmpty } = meta('empty', 3);
    // Cast: these are version 1 records, which the current schema type does not describe.
    await v1.put('sessions', oldA as SessionMeta);
    await v1.put('sessions', oldEmpty as SessionMeta);
    const blob = new Blob(['month,mm\n'], { type: 'text/csv' });
    const file = { sessionId: sid('a'), name: 'rain.csv', type: 'text/csv', lastModified: 1, blob };
    await v1.put('files', { ...file, id: 'f1', size: 9 });
    await v1.put('files', { ...file, id: 'f2', size: 4 });
    const events = [text('zero'), text('one'), text('two')];
    for (const [seq, event] of events.entries())
      await v1.put('events', displayRow('a', seq, event));
    await v1.put('histories', { sessionId: sid('a'), conversation });
    await v1.put('live', { sessionId: sid('a'), turnId: t, answer: null, reasoning: null });
    v1.close();

    store.close();
    store = await openSessionStore(options);
    expect(await store.get(sid('a'))).toEqual({
      ...oldA,
      bytes: {
        files: 13,
        events: events.reduce((n, e, seq) => n + stored(seq, e), 0),
        history: len(conversation),
      },
      eventCount: 3,
    });
    expect(await store.get(sid('empty'))).toEqual({
      ...oldEmpty,
      bytes: { files: 0, events: 0, history: 0 },
      eventCount: 0,
    });
    expect(await store.events(sid('a'))).toEqual(events);
    expect(await store.history(sid('a'))).toEqual(conversation);
    expect(await store.live(sid('a'))).toMatchObject({ turnId: t });
    expect(await (await store.getFile(fid('f1')))!.text()).toBe('month,mm\n');
    // The index version 2 adds is in use.
    expect((await store.list()).map((s) => s.id)).toEqual(['a', 'empty']);
    await store.appendEvent(sid('a'), 3, text('three'));
    expect((await store.get(sid('a')))!.eventCount).toBe(4);
  });

  it('leaves the database as it was when an upgrade step fails', async () => {
    await store.create(meta('a'));
    store.close();
    // A step after the current ones that fails after it has written.
    const steps = UPGRADES as (typeof UPGRADES)[number][];
    steps.push(async (_db, tx) => {
      await tx.objectStore('sessions').put({ ...meta('a'), title: 'half upgraded' });
      throw new Error('step broke');
    });
    try {
      await expect(openAtVersion(DB_VERSION + 1, options)).rejects.toThrow('step broke');
    } finally {
      steps.pop();
    }
    const db = await openAtVersion(DB_VERSION, options);
    expect(db.version).toBe(DB_VERSION);
    expect(await db.getAll('sessions')).toEqual([meta('a')]);
    db.close();
  });
});

describe('the persistence row of each event', () => {
  const row = (event: AgentEvent) => {
    const { role, type, text, plot_data } = displayRow('s', 4, event);
    return { role, type, text, plot_data: plot_data === null ? null : JSON.parse(plot_data) };
  };
  const base = { turnId: t };

  it('keeps the event whole beside the columns', () => {
    const event = text('hi');
    expect(displayRow('s', 4, event)).toMatchObject({ sessionId: sid('s'), seq: 4, event });
  });

  it('maps the person’s turns', () => {
    const start = { type: 'turn_start', ...base, model: 'm', at: 0 } as const;
    expect(row({ ...start, kind: 'question', question: 'Why?' })).toEqual({
      role: 'user',
      type: 'text',
      text: 'Why?',
      plot_data: null,
    });
    expect(row({ ...start, kind: 'analysis', question: null })).toEqual({
      role: 'user',
      type: 'analysis_request',
      text: null,
      plot_data: null,
    });
  });

  it('maps the assistant’s output with its payload', () => {
    expect(row(text('Nov'))).toEqual({
      role: 'assistant',
      type: 'text',
      text: 'Nov',
      plot_data: null,
    });
    expect(
      row({ type: 'table', ...base, callId: 'c', title: 'T', headers: ['a'], rows: [[1], [null]] }),
    ).toEqual({
      role: 'assistant',
      type: 'table',
      text: 'T',
      plot_data: { headers: ['a'], rows: [[1], [null]] },
    });
    const spec = { mark: 'bar' };
    expect(row({ type: 'plot', ...base, callId: 'c', title: 'P', spec })).toEqual({
      role: 'assistant',
      type: 'plot',
      text: 'P',
      plot_data: { title: 'P', vega_lite_spec: spec },
    });
    expect(
      row({
        type: 'query_result',
        ...base,
        callId: 'c',
        description: 'Rain by month',
        query: 'SELECT 1',
        columns: ['x'],
        rows: [[1]],
        rowCount: 1,
        truncated: false,
        durationMs: 3,
        isError: false,
      }),
    ).toEqual({
      role: 'assistant',
      type: 'query_result',
      text: 'Rain by month',
      plot_data: { query: 'SELECT 1', columns: ['x'], rows: [[1]], row_count: 1 },
    });
    expect(row({ type: 'reasoning', ...base, step: 1, text: 'Thinking' })).toEqual({
      role: 'assistant',
      type: 'reasoning',
      text: 'Thinking',
      plot_data: null,
    });
  });

  it('maps everything else to a system row with its message, if any', () => {
    const system = (type: string, text: string | null) => ({
      role: 'system',
      type,
      text,
      plot_data: null,
    });
    expect(row({ type: 'error', ...base, kind: 'internal', message: 'Broke' })).toEqual(
      system('error', 'Broke'),
    );
    expect(row({ type: 'status', ...base, message: 'Reading' })).toEqual(
      system('status', 'Reading'),
    );
    expect(row({ type: 'session_update', ...base, title: 'Rain' })).toEqual(
      system('session_update', 'Rain'),
    );
    const toolEnd = { type: 'tool_end', ...base, callId: 'c', tool: 'q', isError: true } as const;
    expect(row({ ...toolEnd, message: 'Bad SQL' })).toEqual(system('tool_end', 'Bad SQL'));
    expect(row(toolEnd)).toEqual(system('tool_end', null));
    expect(row({ type: 'tool_call', ...base, callId: 'c', tool: 'q', input: {} })).toEqual(
      system('tool_call', null),
    );
    expect(row({ type: 'done', ...base, state: 'done', at: 1 })).toEqual(system('done', null));
    expect(row({ type: 'compacted', ...base, turnsSummarised: 2, tokensBefore: 9 })).toEqual(
      system('compacted', null),
    );
  });
});
