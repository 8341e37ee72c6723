/**
 * The composition root built from a platform of the test's own: nothing in the app reaches the
 * browser but through it. A loaded file becomes a stored session named in the address, a link
 * opens only through the platform, the key is remembered through its preferences, and the page's
 * last moment goes to its rescue slot.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.ts';
import { openSessionStore } from '../../src/adapters/session-store.ts';
import type { SiftEngine, TableInfo } from '../../src/core/data/engine.ts';
import type { SessionId } from '../../src/core/ids.ts';
import type { Rescue } from '../../src/core/session/records.ts';
import type { Platform, Preferences } from '../../src/state/ports.ts';

/** An engine that turns every file into a two-column table and knows nothing else. */
function tableEngine(): SiftEngine {
  const table = (file: File, name: string): TableInfo => ({
    name,
    fileName: file.name,
    fileBytes: file.size,
    rows: 2,
    columns: [
      { original: 'month', name: 'month' },
      { original: 'mm', name: 'mm' },
    ],
    encoding: 'utf-8',
    notes: [],
    loadMs: 1,
  });
  return {
    info: async () => ({ duckdbVersion: 'v-test', bundle: 'fake' }),
    load: async (files, _progress, names) =>
      files.map((f, i) => ({ ok: true, table: table(f, names?.[i] ?? 'data') })),
    query: async () => ({ ok: false, kind: 'error', message: 'no SQL here', durationMs: 0 }),
    cancel: async () => undefined,
    profile: async (name) => ({ table: name, rows: 2, columns: [], durationMs: 1 }),
    tables: async () => [],
    dropTable: async () => undefined,
    reset: async () => undefined,
  };
}

function memoryPreferences(): Preferences & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: (k) => values.get(k) ?? null,
    set: (k, v) => void values.set(k, v),
    remove: (k) => void values.delete(k),
  };
}

function testPlatform(preferences = memoryPreferences()) {
  const factory = new IDBFactory();
  const pageHide: Array<() => void> = [];
  const rescued: Array<Rescue | null> = [];
  let address: SessionId | null = null;
  const platform: Platform = {
    engine: tableEngine(),
    openStore: () => openSessionStore({ name: 'sift', factory }),
    modelClient: () => {
      throw new Error('no model in this test');
    },
    preferences,
    rescue: { save: (r) => void rescued.push(r), take: () => null },
    address: { read: () => address, write: (id) => void (address = id) },
    quota: {
      requestPersistence: vi.fn(async () => true),
      figures: async () => ({ usage: 0, quota: 1_000_000 }),
    },
    tabs: {
      openChannel: () => ({ post: () => undefined, close: () => undefined }),
      tryLock: async () => ({ release: () => undefined }),
      waitForLock: () => new Promise(() => undefined),
    },
    onPageHide: (listener) => void pageHide.push(listener),
    fetchSample: async () => new File(['month,mm\nnov,120\n'], 'weather.csv'),
    openLink: vi.fn(),
    chartImage: async () => {
      throw new Error('no charts here');
    },
  };
  return { platform, pageHide, rescued, address: () => address, factory };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
};

describe('createApp', () => {
  it('stores a loaded file as a session, named in the address, through the platform alone', async () => {
    const test = testPlatform();
    const app = createApp(test.platform);
    await until(() => app.sessions.started);
    expect(app.workspace.engineState).toBe('ready');

    await app.workspace.loadSample();
    await until(() => app.sessions.list.length === 1);
    const [session] = app.sessions.list;
    expect(session!.title).toBe('weather.csv');
    expect(session!.tables.map((t) => t.name)).toEqual(['data']);
    expect(test.address()).toBe(session!.id);
    expect(test.platform.quota.requestPersistence).toHaveBeenCalledOnce();

    // Another app on the same storage (a reload) reopens it from the address.
    const again = createApp({ ...test.platform, engine: tableEngine() });
    await until(() => again.sessions.started);
    expect(again.sessions.currentId).toBe(session!.id);
    expect(again.sessions.files.get('data')?.name).toBe('weather.csv');
  });

  it('opens a confirmed link through the platform, and only once confirmed', () => {
    const test = testPlatform();
    const app = createApp(test.platform);
    app.links.ask('https://example.com/?q=1');
    expect(test.platform.openLink).not.toHaveBeenCalled();
    app.links.confirm();
    expect(test.platform.openLink).toHaveBeenCalledWith('https://example.com/?q=1');
  });

  it('remembers the key through the preferences only when asked to', () => {
    const preferences = memoryPreferences();
    const first = createApp(testPlatform(preferences).platform);
    const draft = {
      apiKey: 'sk-test',
      baseUrl: 'https://api.anthropic.com',
      model: 'm',
      chartCheck: true,
    };
    expect(first.settings.save({ ...draft, remember: false })).toBeNull();
    expect([...preferences.values.values()].join()).not.toContain('sk-test');
    first.settings.save({ ...draft, remember: true });
    expect(createApp(testPlatform(preferences).platform).settings.apiKey).toBe('sk-test');
  });

  it('hands what storage has not confirmed to the rescue slot as the page goes away', async () => {
    const test = testPlatform();
    const app = createApp(test.platform);
    await until(() => app.sessions.started);
    expect(test.pageHide).toHaveLength(1);
    test.pageHide[0]!();
    expect(test.rescued).toEqual([null]);
  });
});
