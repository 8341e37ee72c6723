/**
 * The warm-up after boot (workers/warm-up.ts) makes later loads faster but must never delay one:
 * a file or query that arrives while it runs abandons it, and either way it leaves nothing behind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { TableEngine } from '../../src/core/data/engine.ts';
import type { EngineInstance } from '../../workers/resilient-engine.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';
import { makeFile } from '../engine-suite/suite.ts';

const instances: EngineInstance[] = [];
afterAll(() => instances.forEach((i) => i.dispose()));

async function boot(): Promise<TableEngine> {
  const instance = await bootNodeEngine();
  instances.push(instance);
  return instance.engine;
}

/** The warm-up's table, if it is still there. */
async function leftovers(engine: TableEngine): Promise<unknown[][]> {
  const result = await engine.query(
    "SELECT table_name FROM information_schema.tables WHERE table_name LIKE '%warm%'",
  );
  if (!result.ok) throw new Error(result.message);
  return result.rows;
}

describe('the warm-up after boot', () => {
  it('is abandoned by a file dropped while it runs, which loads as usual', async () => {
    const engine = await boot();
    expect((await engine.info()).warmUp).toBe('running');
    const [outcome] = await engine.load([makeFile('early.csv', 'a,b\n1,x\n2,y\n')]);
    expect(outcome).toMatchObject({ ok: true, table: { name: 'data', rows: 2 } });
    expect((await engine.info()).warmUp).toBe('abandoned');
    expect(await leftovers(engine)).toEqual([]);
  });

  it('is abandoned by a query asked for while it runs', async () => {
    const engine = await boot();
    const result = await engine.query('SELECT 6 * 7 AS n');
    expect(result).toMatchObject({ ok: true, rows: [[42]] });
    expect((await engine.info()).warmUp).toBe('abandoned');
  });

  it('runs to the end when nothing arrives, and drops its table', async () => {
    const engine = await boot();
    const deadline = Date.now() + 60_000;
    while ((await engine.info()).warmUp === 'running' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect((await engine.info()).warmUp).toBe('done');
    expect(await leftovers(engine)).toEqual([]);
  });
});
