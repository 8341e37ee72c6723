/**
 * The page's workspace state over an engine whose answers the test releases by hand.
 * Regressions: a profile still running when the session changed wrote its result back
 * afterwards, so the old session's profile showed under a reused table name; removing a table
 * whose DROP failed was an unhandled rejection with no message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ColumnProfile,
  SiftEngine,
  TableInfo,
  TableProfile,
} from '../../src/core/data/engine.ts';
import { Workspace } from '../../src/state/workspace.svelte.ts';
import { columnOf } from '../helpers/test-platform.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const table = (name: string, fileName: string): TableInfo => ({
  name,
  fileName,
  fileBytes: 10,
  rows: 2,
  columns: [{ original: 'a', name: 'a' }],
  format: 'csv',
  encoding: 'utf-8',
  notes: [],
  loadMs: 1,
});

const profileOf = (name: string, rows: number): TableProfile => ({
  table: name,
  rows,
  columns: [],
  durationMs: 1,
});

/** An engine whose profiles wait until the test resolves them, in the order they were asked. */
function engineWithHeldProfiles() {
  const profiles: Array<
    ReturnType<typeof deferred<TableProfile>> & { onColumn?: (c: ColumnProfile) => void }
  > = [];
  let dropFails: Error | null = null;
  const engine = {
    info: () => new Promise(() => {}),
    load: async (files: File[], _p: unknown, names?: (string | undefined)[]) =>
      files.map((f, i) => ({ ok: true as const, table: table(names?.[i] ?? 'data', f.name) })),
    profile: (_table: string, _options: unknown, onColumn?: (c: ColumnProfile) => void) => {
      const d = deferred<TableProfile>();
      profiles.push(Object.assign(d, { onColumn }));
      return d.promise;
    },
    dropTable: async () => {
      if (dropFails) throw dropFails;
    },
    reset: async () => undefined,
  } as unknown as SiftEngine;
  return { engine, profiles, failDrops: (e: Error) => (dropFails = e) };
}

const file = (name: string) => new File(['a\n1\n2\n'], name);

/** A workspace whose table changes are recorded, as the open session would hear them. */
function workspaceOn(engine: SiftEngine) {
  const removed: string[] = [];
  const workspace = new Workspace(engine);
  workspace.listen({ loaded: () => undefined, removed: (name) => removed.push(name) });
  return { workspace, removed };
}

describe('workspace', () => {
  it('is quiet only once its engine has started and no load or profile is in hand', async () => {
    const { engine, profiles } = engineWithHeldProfiles();
    const started = deferred<{ duckdbVersion: string; bundle: string }>();
    engine.info = () => started.promise;
    const { workspace } = workspaceOn(engine);
    let quiet = false;
    const loading = workspace.loadFiles([file('a.csv')]);
    void workspace.quiet().then(() => (quiet = true));
    const tick = () => new Promise((r) => setTimeout(r, 0));

    started.resolve({ duckdbVersion: 'v1', bundle: 'eh' });
    await loading;
    await tick();
    // Loaded, and its profile running: not yet.
    expect(profiles).toHaveLength(1);
    expect(quiet).toBe(false);

    profiles[0]!.resolve(profileOf('data', 2));
    await tick();
    expect(quiet).toBe(true);
  });

  describe('a quiet spell (15 s, 3 s once a table is loaded)', () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => void vi.useRealTimers());

    /** A started workspace waiting for a spell, with the spells it asked for and whether it ended. */
    function waitingForSpell() {
      const { engine, profiles } = engineWithHeldProfiles();
      engine.info = async () => ({ duckdbVersion: 'v1', bundle: 'eh' });
      const { workspace } = workspaceOn(engine);
      const asked: boolean[] = [];
      let done = false;
      void workspace
        .quietFor((tablesLoaded) => (asked.push(tablesLoaded), tablesLoaded ? 3_000 : 15_000))
        .then(() => (done = true));
      return { workspace, profiles, asked, done: () => done };
    }

    it('is counted again after a file arrives, and is shorter once a table is loaded', async () => {
      const { workspace, profiles, asked, done } = waitingForSpell();
      // 10 s into the first spell a file arrives; its profile is held.
      await vi.advanceTimersByTimeAsync(10_000);
      await workspace.loadFiles([file('a.csv')]);
      // The load broke the spell: at 20 s, past its end, the profile still runs.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(done()).toBe(false);

      profiles[0]!.resolve(profileOf('data', 2));
      await vi.advanceTimersByTimeAsync(2_900);
      expect(done()).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(done()).toBe(true);
      expect(asked).toEqual([false, true]);
    });

    it('is counted from when the file that broke one is done, not after the old one', async () => {
      const { workspace, profiles, done } = waitingForSpell();
      await vi.advanceTimersByTimeAsync(10_000);
      await workspace.loadFiles([file('a.csv')]);
      await vi.advanceTimersByTimeAsync(2_000);
      profiles[0]!.resolve(profileOf('data', 2));
      // Profiled at 12 s: quiet again from then, so done at 15 s, not 3 s after the first spell.
      await vi.advanceTimersByTimeAsync(2_900);
      expect(done()).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(done()).toBe(true);
    });
  });

  it('shows a file dropped while the last session is still being read again, after New session (regression)', async () => {
    // The reopened session's files are read again; the person clicks New session and drops a
    // file before that is done. The reset waited for every load, the new one too, and emptied it.
    const { engine } = engineWithHeldProfiles();
    const held = deferred<void>();
    const load = engine.load.bind(engine);
    engine.load = async (files, ...rest) => {
      if (files[0]!.name === 'old.csv') await held.promise;
      return load(files, ...rest);
    };
    const { workspace } = workspaceOn(engine);
    const restoring = workspace.restore(new Map([['old', file('old.csv')]]));
    const blank = workspace.reset();
    const dropped = workspace.loadFiles([file('new.csv')]);
    held.resolve();
    await Promise.all([restoring, blank, dropped]);
    expect(workspace.tables.map((t) => t.fileName)).toEqual(['new.csv']);
  });

  it('does not show a profile computed before the session changed (regression)', async () => {
    const { engine, profiles } = engineWithHeldProfiles();
    const { workspace } = workspaceOn(engine);
    await workspace.loadFiles([file('old.csv')]);
    expect(workspace.profiles.data).toEqual({ status: 'running', columns: [] });

    // Another session opens, with a table of the same name, before the old profile is done.
    await workspace.reset();
    await workspace.restore(new Map([['data', file('new.csv')]]));
    profiles[0]!.resolve(profileOf('data', 111));
    await Promise.resolve();
    await Promise.resolve();
    expect(workspace.profiles.data).toEqual({ status: 'running', columns: [] });

    profiles[1]!.resolve(profileOf('data', 222));
    await new Promise((r) => setTimeout(r, 0));
    expect(workspace.profiles.data).toMatchObject({ status: 'done', profile: { rows: 222 } });
  });

  it('hands over a profile once the one running is done, and none of a session left', async () => {
    const { engine, profiles } = engineWithHeldProfiles();
    const { workspace } = workspaceOn(engine);
    await workspace.loadFiles([file('a.csv')]);
    let handed: unknown = 'waiting';
    void workspace.profiled('data').then((p) => (handed = p));
    await new Promise((r) => setTimeout(r, 0));
    expect(handed).toBe('waiting');
    profiles[0]!.resolve(profileOf('data', 7));
    await new Promise((r) => setTimeout(r, 0));
    expect(handed).toMatchObject({ table: 'data', rows: 7 });

    await workspace.reset();
    expect(await workspace.profiled('data')).toBeNull();
  });

  it('shows each column of the profile as the engine says it is done', async () => {
    const { engine, profiles } = engineWithHeldProfiles();
    const { workspace } = workspaceOn(engine);
    await workspace.loadFiles([file('a.csv')]);
    const column = columnOf;
    profiles[0]!.onColumn?.(column('a'));
    expect(workspace.profiles.data).toEqual({ status: 'running', columns: [column('a')] });
    profiles[0]!.onColumn?.(column('b'));
    expect(workspace.profiles.data).toMatchObject({ columns: [{ column: 'a' }, { column: 'b' }] });
    // A column heard after a reset belongs to the old database: not shown.
    await workspace.reset();
    profiles[0]!.onColumn?.(column('c'));
    expect(workspace.profiles.data).toBeUndefined();
  });

  it('says so when a table cannot be removed, and keeps it listed (regression)', async () => {
    const { engine, failDrops } = engineWithHeldProfiles();
    const { workspace, removed } = workspaceOn(engine);
    await workspace.loadFiles([file('a.csv')]);
    failDrops(new Error('DuckDB is busy'));
    await workspace.removeTable('data');
    expect(workspace.problem).toBe('The table data could not be removed: DuckDB is busy');
    expect(workspace.tables.map((t) => t.name)).toEqual(['data']);
    expect(removed).toEqual([]);
  });
});
