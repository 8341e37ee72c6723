/**
 * Cancel cancels the query it was meant for. Regressions: `cancel()` stopped whatever
 * ran, so the SQL box's Cancel could kill Claude's query, and Claude's Stop, pressed while its
 * query waited behind the person's, cancelled the person's and left its own to run.
 */
import { describe, expect, it } from 'vitest';
import type { QueryResult, SiftEngine } from '../../src/core/data/engine.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { turn } from '../helpers/agent-turn.ts';
import { FakeEngine } from '../helpers/fake-engine.ts';
import { Cancellations } from '../../workers/cancellations.ts';
import { resilientEngine } from '../../workers/resilient-engine.ts';

describe('the book of cancellations', () => {
  it('stops the running operation it names, and nothing else', () => {
    const book = new Cancellations();
    const stopped: string[] = [];
    book.queued('a');
    book.queued('b');
    expect(book.start('a', () => stopped.push('a'))).toBe(true);
    expect(book.cancel('zzz')).toBe(false);
    expect(stopped).toEqual([]);
    expect(book.cancel('a')).toBe(true);
    expect(stopped).toEqual(['a']);
  });

  it('keeps a cancelled waiting operation from ever starting', () => {
    const book = new Cancellations();
    book.queued('a');
    book.queued('b');
    book.start('a', () => undefined);
    expect(book.cancel('b')).toBe(true);
    book.finished('a');
    expect(book.start('b', () => undefined)).toBe(false);
  });

  it('ignores a cancel that comes after its operation ended', () => {
    const book = new Cancellations();
    book.queued('a');
    const stopped: string[] = [];
    book.start('a', () => stopped.push('a'));
    book.finished('a');
    expect(book.cancel('a')).toBe(false);
    book.queued('a');
    expect(book.start('a', () => undefined)).toBe(true);
    expect(stopped).toEqual([]);
  });
});

/** An instance whose queries hang until cancelled by their id, recording what reached it. */
function hangingInstance() {
  const reached: string[] = [];
  const cancels: string[] = [];
  const pending = new Map<string, (r: QueryResult) => void>();
  const engine = {
    info: async () => ({ duckdbVersion: 'v', bundle: 'eh' }),
    query: (sql: string, options: { id?: string } = {}) => {
      reached.push(sql);
      if (sql === 'SELECT 1 AS alive')
        return Promise.resolve<QueryResult>({
          ok: true,
          columns: [],
          rows: [[1]],
          totalRows: 1,
          truncated: false,
          durationMs: 1,
        });
      return new Promise<QueryResult>((resolve) => pending.set(options.id ?? '', resolve));
    },
    cancel: async (id: string) => {
      cancels.push(id);
      pending.get(id)?.({ ok: false, kind: 'cancelled', message: 'Cancelled.', durationMs: 1 });
    },
  } as unknown as SiftEngine;
  return { reached, cancels, boot: async () => ({ engine, dispose: () => undefined }) };
}

describe('cancelling through the engine that restarts DuckDB', () => {
  it("reaches the running query by its id, and a queued query's cancel keeps it from running", async () => {
    const { reached, cancels, boot } = hangingInstance();
    const engine = resilientEngine(boot, { graceMs: 60_000 });
    const person = engine.query('SELECT person', { id: 'sql-box-1' });
    const model = engine.query('SELECT model', { id: 'toolu_1' });
    await new Promise((r) => setTimeout(r, 0));
    expect(reached).toEqual(['SELECT person']);

    // Claude's Stop: its query is waiting; the person's keeps running.
    await engine.cancel('toolu_1');
    expect(cancels).toEqual([]);
    // The person's Cancel reaches the person's query only.
    await engine.cancel('sql-box-1');
    expect(cancels).toEqual(['sql-box-1']);
    expect(await person).toMatchObject({ ok: false, kind: 'cancelled' });
    expect(await model).toMatchObject({
      ok: false,
      kind: 'cancelled',
      message: /before it started/,
    });
    // The cancelled query never reached DuckDB (only the probe after the failure did).
    expect(reached.filter((q) => q === 'SELECT model')).toEqual([]);
  });
});

describe('Stop reaches the SQL of every tool while it runs', () => {
  const stopAfterCall = (controller: AbortController) => (e: AgentEvent) =>
    e.type === 'tool_call' && setTimeout(() => controller.abort(), 5);

  it('find_value: its running query is cancelled by its own id (regression: only between chunks)', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine(() => 'hang');
    const run = await turn([{ tools: [{ name: 'find_value', input: { value: 'Seattle' } }] }], {
      engine,
      signal: controller.signal,
      onEvent: stopAfterCall(controller),
    });
    expect(run.state).toBe('stopped');
    expect(engine.cancelled).toHaveLength(1);
    expect(engine.cancelled[0]).toMatch(/^toolu_test_\d+-data-0$/);
    const end = run.events.find((e) => e.type === 'tool_end');
    expect(end).toMatchObject({ isError: true, message: 'Stopped by the person.' });
  });

  it('profile_columns: its profile is cancelled by its id (regression: never)', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine();
    engine.profileHangs = true;
    const run = await turn([{ tools: [{ name: 'profile_columns', input: {} }] }], {
      engine,
      signal: controller.signal,
      onEvent: stopAfterCall(controller),
    });
    expect(run.state).toBe('stopped');
    expect(engine.cancelled).toEqual([expect.stringMatching(/^toolu_test_\d+$/)]);
    expect(run.events.find((e) => e.type === 'tool_end')).toMatchObject({
      message: 'Stopped by the person.',
    });
  });
});

describe('a DuckDB that fails to start (regression: failed until a reload)', () => {
  it('is booted again by itself, and once more when the page asks', async () => {
    let fails = 4;
    let boots = 0;
    const boot = async () => {
      boots++;
      if (fails-- > 0) throw new Error('the wasm could not be fetched');
      return {
        engine: { info: async () => ({ duckdbVersion: 'v1', bundle: 'eh' }) } as SiftEngine,
        dispose: () => undefined,
      };
    };
    const engine = resilientEngine(boot, { bootTries: 3, bootPauseMs: 1 });
    await expect(engine.info()).rejects.toThrow('the wasm could not be fetched');
    expect(boots).toBe(3);
    // "Try again": a new round of boots, which succeeds on its second try.
    await expect(engine.info()).resolves.toEqual({ duckdbVersion: 'v1', bundle: 'eh' });
    expect(boots).toBe(5);
    await engine.info();
    expect(boots).toBe(5);
  });

  it('leaves no unhandled rejection behind when every boot fails', async () => {
    const unhandled: unknown[] = [];
    const note = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', note);
    try {
      const engine = resilientEngine(
        async () => {
          throw new Error('the wasm could not be fetched');
        },
        { bootTries: 2, bootPauseMs: 1 },
      );
      await expect(engine.info()).rejects.toThrow();
      await expect(engine.info()).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});
