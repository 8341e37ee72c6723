/**
 * The browser's side of the app as a test builds it (a Platform for createApp): the session
 * store on fake-indexeddb, an engine that turns every file into a small table, preferences in
 * memory, and records of what the app asked for (the address, the rescue, links opened).
 */
import { IDBFactory } from 'fake-indexeddb';
import { expect, vi } from 'vitest';
import { openSessionStore } from '../../src/adapters/session-store.ts';
import type {
  ColumnProfile,
  QueryResult,
  SiftEngine,
  TableInfo,
} from '../../src/core/data/engine.ts';
import type { SessionId } from '../../src/core/ids.ts';
import type { ModelClient } from '../../src/core/model/client.ts';
import type { Rescue } from '../../src/core/session/records.ts';
import type { AppShell, Platform, Preferences } from '../../src/state/ports.ts';
import type { SettingsDraft } from '../../src/state/settings.svelte.ts';

/** The person's settings in an app under test: a key (kept in the page only), no chart check. */
export const TEST_SETTINGS: SettingsDraft = {
  provider: 'anthropic',
  apiKey: 'sk-test',
  gatewayUrl: '',
  localUrl: '',
  localWindow: null,
  model: 'claude-test',
  chartCheck: false,
  newFiles: 'ask',
  remember: false,
};

/** A column's profile as a profile of two rows, 1 and 2, finds it. */
export const columnOf = (name: string): ColumnProfile => ({
  column: name,
  type: 'BIGINT',
  nonNullCount: 2,
  uniqueCount: 2,
  min: '1',
  max: '2',
  typicalValues: [],
  issues: [],
});

/** A fake engine's answer to any SQL: one row naming it, when it holds tables. */
export function answerAs(label: string, tables: TableInfo[]): QueryResult {
  return tables.length
    ? {
        ok: true,
        columns: [{ name: 'engine', type: 'VARCHAR' }],
        rows: [[label]],
        totalRows: 1,
        truncated: false,
        durationMs: 0,
      }
    : { ok: false, kind: 'error', message: 'no tables here', durationMs: 0 };
}

/**
 * An engine that turns every file into a two-column table, keeps the tables it loaded (until a
 * drop or a reset), and answers any SQL with one row naming itself (`label`): a test can tell
 * whose DuckDB answered (a follower's reads go to the writer's, state/tab-engine.svelte.ts).
 */
export function tableEngine(label = 'this tab'): SiftEngine {
  const table = (file: File, name: string): TableInfo => ({
    name,
    fileName: file.name,
    fileBytes: file.size,
    rows: 2,
    columns: [
      { original: 'month', name: 'month' },
      { original: 'mm', name: 'mm' },
    ],
    format: 'csv',
    encoding: 'utf-8',
    notes: [],
    loadMs: 1,
  });
  let held: TableInfo[] = [];
  return {
    info: async () => ({ duckdbVersion: 'v-test', bundle: 'fake' }),
    load: async (files, _progress, names) =>
      files.map((f, i) => {
        const t = table(f, names?.[i] ?? 'data');
        held = [...held.filter((h) => h.name !== t.name), t];
        return { ok: true, table: t };
      }),
    query: async () => answerAs(label, held),
    exportCsv: async () => ({ ok: true, csv: new Blob([`${label}\r\n`]), rows: 0, durationMs: 1 }),
    cancel: async () => undefined,
    profile: async (name) => ({ table: name, rows: 2, columns: [], durationMs: 1 }),
    tables: async () => held,
    dropTable: async (name) => void (held = held.filter((h) => h.name !== name)),
    reset: async () => void (held = []),
    reopen: async () => ({ tables: [], file: 'missing' }),
    databases: async () => [],
    forgetDatabases: async () => undefined,
  };
}

export function memoryPreferences(
  entries: Array<[string, string]> = [],
): Preferences & { values: Map<string, string> } {
  const values = new Map<string, string>(entries);
  return {
    values,
    get: (k) => values.get(k) ?? null,
    set: (k, v) => void values.set(k, v),
    remove: (k) => void values.delete(k),
  };
}

export interface TestPlatformOptions {
  preferences?: Preferences;
  /** The IndexedDB the store opens: share one to play a reload. */
  factory?: IDBFactory;
  /** The model the analyst talks to; none by default. */
  model?: ModelClient;
}

/** A platform of the test's own, recording what the app asks of the browser. */
export function testPlatform({
  preferences = memoryPreferences(),
  factory = new IDBFactory(),
  model,
}: TestPlatformOptions = {}) {
  const pageHide: Array<() => void> = [];
  // No service worker here: tests/unit/app-shell.test.ts plays its reports.
  const shell: AppShell = {
    start: () => undefined,
    update: () => undefined,
    installed: () => false,
    online: () => true,
    onConnectivity: () => undefined,
  };
  const rescued: Array<Rescue | null> = [];
  let address: SessionId | null = null;
  const platform: Platform = {
    engine: tableEngine(),
    openStore: () => openSessionStore({ name: 'sift', factory }),
    modelClient: () => {
      if (!model) throw new Error('no model in this test');
      return { complete: (r, o) => model.complete(r, o), listModels: async () => [] };
    },
    // No model server on this computer, unless a test says otherwise.
    localServers: {
      find: async () => [],
      read: async (url) => {
        throw new Error(`No model server answered at ${url}.`);
      },
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
    shell,
    colorScheme: { prefersDark: () => false, onChange: () => undefined, apply: () => undefined },
    locale: 'fr-FR',
    connectAllowed: () => true,
  };
  return { platform, pageHide, rescued, address: () => address, factory };
}

/** Waits up to `ms` for `done`, then asserts it: for state the app updates by itself. */
export async function until(done: () => boolean, ms = 1_000): Promise<void> {
  for (let i = 0; i < ms / 5 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}
