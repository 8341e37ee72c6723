/**
 * A follower tab's reads answered by the writer's DuckDB (src/state/tab-engine.svelte.ts asks,
 * followers-served.ts answers), over the fake browser's channel (tests/helpers/state-tabs.ts:
 * structured clones, later, checked against the tabs' schema as the page's adapter does).
 */
import { describe, expect, it, vi } from 'vitest';
import type { SiftEngine, TableProfile } from '../../src/core/data/engine.ts';
import type { SessionId } from '../../src/core/ids.ts';
import { FollowersServed, LIMITS } from '../../src/state/followers-served.ts';
import { TabEngine, WRITER_HOLDS } from '../../src/state/tab-engine.svelte.ts';
import { FakeBrowser } from '../helpers/state-tabs.ts';
import { columnOf, tableEngine } from '../helpers/test-platform.ts';

const SESSION = 'session-1' as SessionId;

const column = columnOf;

/** Tab 1 writes SESSION with `writerEngine`; tab 2 follows it and asks. */
async function writerAndFollower(
  writerEngine: SiftEngine = tableEngine('writer'),
  profiled: (table: string) => Promise<TableProfile | null> = async () => null,
  settled: () => Promise<void> = async () => undefined,
) {
  const browser = new FakeBrowser();
  await writerEngine.load([new File(['month,mm\nnov,1\n'], 'rain.csv')], undefined, ['rain']);
  let writes: SessionId | null = SESSION;
  new FollowersServed({
    engine: writerEngine,
    links: browser.links(1),
    writes: () => writes,
    settled,
    profiled,
  });
  const follower = new TabEngine(tableEngine('follower'), browser.links(2), {
    heardWithinMs: 200,
  });
  return { browser, follower, stopWriting: () => (writes = null) };
}

describe('a follower asking the writer', () => {
  it("shows the writer's tables and runs its SQL there, under the limits it gave", async () => {
    const writer = tableEngine('writer');
    const query = vi.spyOn(writer, 'query');
    const { follower } = await writerAndFollower(writer);
    const tables = await follower.askWriter(SESSION);
    expect(Array.isArray(tables) && tables.map((t) => t.name)).toEqual(['rain']);
    expect(follower.askingWriter).toBe(true);

    const result = await follower.query('SELECT 1', { maxRows: 5, timeoutMs: 900, id: 'box' });
    expect(result.ok && result.rows).toEqual([['writer']]);
    const [sql, options] = query.mock.calls[0]!;
    expect(sql).toBe('SELECT 1');
    expect(options).toMatchObject({ maxRows: 5, timeoutMs: 900 });
    // Its own name in the writer's engine: a follower's grid page is no writer's grid page.
    expect(options?.id).not.toBe('box');
    expect(options?.id).toContain('box');
  });

  it("runs a follower's query within the writer's limits, whatever it asks", async () => {
    const writer = tableEngine('writer');
    const query = vi.spyOn(writer, 'query');
    const { follower } = await writerAndFollower(writer);
    await follower.askWriter(SESSION);
    await follower.query('SELECT 1', { maxRows: 1e9, maxBytes: 1e12, timeoutMs: 1e9 });
    expect(query.mock.calls[0]![1]).toMatchObject(LIMITS);
    await follower.query('SELECT 1');
    // What it leaves out is the engine's own default, which is within them.
    expect(query.mock.calls[1]![1]).toEqual({});
  });

  it("answers its tables only once the writer's are all in", async () => {
    let restored!: () => void;
    const restoring = new Promise<void>((resolve) => (restored = resolve));
    const writer = tableEngine('writer');
    const { follower } = await writerAndFollower(writer, undefined, () => restoring);
    let answered: unknown = null;
    void follower.askWriter(SESSION).then((t) => (answered = t));
    await new Promise((r) => setTimeout(r, 300));
    // Heard (no fallback after the 200 ms wait), not yet answered.
    expect(answered).toBeNull();
    await writer.load([new File(['x\n1\n'], 'sales.csv')], undefined, ['sales']);
    restored();
    await vi.waitFor(() => expect(answered).not.toBeNull());
    expect(Array.isArray(answered) && answered.map((t) => t.name)).toEqual(['rain', 'sales']);
  });

  it('stops waiting for a writer that heard but will not answer (it closed)', async () => {
    const writer = tableEngine('writer');
    vi.spyOn(writer, 'tables').mockImplementation(() => new Promise(() => undefined));
    const { follower } = await writerAndFollower(writer);
    const asked = follower.askWriter(SESSION);
    await new Promise((r) => setTimeout(r, 300));
    follower.stopAsking();
    expect(await asked).toBe('stopped');
    expect(follower.askingWriter).toBe(false);
  });

  it('cancels only what it asked for', async () => {
    const writer = tableEngine('writer');
    let finish!: () => void;
    vi.spyOn(writer, 'query').mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({ ok: false, kind: 'cancelled', message: 'Cancelled.', durationMs: 1 });
        }),
    );
    const cancel = vi.spyOn(writer, 'cancel');
    const { follower } = await writerAndFollower(writer);
    await follower.askWriter(SESSION);
    const running = follower.query('SELECT 1', { id: 'box' });
    await vi.waitFor(() => expect(finish).toBeTypeOf('function'));

    // The writer's own grid page: not this follower's to stop.
    await follower.cancel('rows-rain-0');
    expect(cancel).not.toHaveBeenCalled();
    await follower.cancel('box');
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancel.mock.calls[0]![0]).toContain('box');
    finish();
    expect(await running).toMatchObject({ ok: false, kind: 'cancelled' });
  });

  it("hands over the profile the writer's page has, once done, and computes one it has not", async () => {
    const writer = tableEngine('writer');
    const done: TableProfile = { table: 'rain', rows: 2, columns: [column('mm')], durationMs: 5 };
    const profile = vi.spyOn(writer, 'profile').mockImplementation(async (table, _o, onColumn) => {
      onColumn?.(column('month'));
      return { table, rows: 2, columns: [column('month')], durationMs: 7 };
    });
    // The writer's page is still profiling rain: the follower gets that profile when it is done.
    let finish!: (p: TableProfile) => void;
    const running = new Promise<TableProfile>((resolve) => (finish = resolve));
    const { follower } = await writerAndFollower(writer, (table) =>
      table === 'rain' ? running : Promise.resolve(null),
    );
    await follower.askWriter(SESSION);

    const rain = follower.profile('rain');
    await new Promise((r) => setTimeout(r, 20));
    finish(done);
    expect(await rain).toEqual(done);
    expect(profile).not.toHaveBeenCalled();

    const heard: string[] = [];
    const computed = await follower.profile('sales', {}, (c) => heard.push(c.column));
    expect(computed.columns.map((c) => c.column)).toEqual(['month']);
    expect(heard).toEqual(['month']);
    expect(profile).toHaveBeenCalledTimes(1);
  });

  it('refuses to change the tables, in words', async () => {
    const { follower } = await writerAndFollower();
    await follower.askWriter(SESSION);
    const [outcome] = await follower.load([new File(['x\n1\n'], 'x.csv')]);
    expect(outcome).toMatchObject({ ok: false, fileName: 'x.csv', message: WRITER_HOLDS });
    await expect(follower.dropTable('rain')).rejects.toThrow(WRITER_HOLDS);
  });

  it('ends every waiting ask when the session is left, and asks its own DuckDB after', async () => {
    const writer = tableEngine('writer');
    vi.spyOn(writer, 'query').mockImplementation(() => new Promise(() => undefined));
    const { follower } = await writerAndFollower(writer);
    await follower.askWriter(SESSION);
    const waiting = follower.query('SELECT 1');
    await new Promise((r) => setTimeout(r, 20));
    await follower.reset();
    expect(await waiting).toMatchObject({ ok: false, message: expect.stringMatching(/left/) });
    expect(follower.askingWriter).toBe(false);
    await follower.load([new File(['x\n1\n'], 'x.csv')]);
    expect(await follower.query('SELECT 1')).toMatchObject({ ok: true, rows: [['follower']] });
  });

  it('hears no writer (none, or an older Sift): reads its own copy, and a later ask fails in words', async () => {
    const { follower, stopWriting } = await writerAndFollower();
    expect(await follower.askWriter(SESSION)).not.toBe('absent');
    stopWriting();
    expect(await follower.query('SELECT 1')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/did not answer/),
    });
    expect(await follower.askWriter(SESSION)).toBe('absent');
    expect(follower.askingWriter).toBe(false);
  });

  it("empties its own DuckDB only once it has held tables: a fresh page's reset waits for no start", async () => {
    const own = tableEngine('own');
    // DuckDB still starting: every call to it waits.
    const reset = vi.spyOn(own, 'reset').mockImplementation(() => new Promise(() => undefined));
    const engine = new TabEngine(own, new FakeBrowser().links(1));
    await engine.reset();
    expect(reset).not.toHaveBeenCalled();

    await engine.load([new File(['x\n1\n'], 'x.csv')]);
    void engine.reset('kept.db');
    expect(reset).toHaveBeenCalledWith('kept.db');
  });

  it('refuses an answer that does not fit what it asked', async () => {
    const writer = tableEngine('writer');
    vi.spyOn(writer, 'query').mockResolvedValue({ ok: true, rows: 'not rows' } as never);
    const { follower } = await writerAndFollower(writer);
    await follower.askWriter(SESSION);
    expect(await follower.query('SELECT 1')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/cannot read/),
    });
  });
});
