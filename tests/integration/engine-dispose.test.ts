/**
 * Ending an engine while one of its results is still being read: what restart() does to a DuckDB
 * that stopped answering. duckdb-wasm's result stream asks for its next chunk again whenever the
 * answer is "not yet"; once `AsyncDuckDB.terminate()` has forgotten the worker, every ask is
 * answered at once with nothing, and the loop never yields (it ran a test run's Node out of
 * memory). Ending the worker itself, as `dispose` does, leaves the stream waiting instead.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootNodeEngine } from '../engine-suite/node-host.ts';

/** More rows than one chunk: after the header, the stream has more to ask for. */
const MANY = 'SELECT i FROM range(10000000) t(i)';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an engine ended while a result is being read', () => {
  it('leaves the read waiting and the thread free, asking nothing of the gone worker', async () => {
    const { db, dispose } = await bootNodeEngine();
    const conn = await db.connect();
    const reader = await conn.send(MANY);
    dispose();
    // duckdb-wasm reports each ask of a forgotten worker here; throwing ends a spin, should one
    // start, so that the test fails instead of hanging.
    const asked: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      asked.push(args.map(String).join(' '));
      throw new Error('asked a gone worker');
    });
    let settled = false;
    void reader.next().finally(() => {
      settled = true;
    });
    // Timers still fire: nothing is looping on the thread.
    const ticks = await new Promise<number>((resolve) => {
      let n = 0;
      const timer = setInterval(() => {
        if (++n === 10) {
          clearInterval(timer);
          resolve(n);
        }
      }, 20);
    });
    expect(ticks).toBe(10);
    expect(asked).toEqual([]);
    expect(settled).toBe(false);
  });
});
