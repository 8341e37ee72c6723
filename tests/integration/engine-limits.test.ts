/**
 * Issue 30: after DuckDB runs out of memory, Sift must never answer wrongly. In the page a 5 GB
 * CSV that ran DuckDB out of memory left it answering `SELECT 1` yet reading a 12-byte CSV as
 * 0 rows × 1 column (measured, BENCHMARKS.md "After a failure"). Here real DuckDB-WASM in Node
 * meets its limit with small files (a memory_limit of a few MB, set before the lockdown as the
 * page's would be), and what follows is compared with a fresh engine's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiftEngine } from '../../src/core/data/engine.ts';
import { resilientEngine, type EngineInstance } from '../../workers/resilient-engine.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';
import { makeFile } from '../engine-suite/suite.ts';

const LIMIT = '48MB';

/** ~40 MB of an ordinary table: an id, a date, an amount, a category and a comment. */
function largeCsv(): File {
  const lines = ['id,day,amount,category,comment'];
  for (let i = 0; i < 500_000; i++) {
    const day = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    lines.push(
      `${i},${day},${((i * 7919) % 100_000) / 100},cat${i % 37},order ${i} arrived ${i % 3 ? 'late' : 'on time'} at door ${i * 31}`,
    );
  }
  return makeFile('orders.csv', lines.join('\n'));
}

const small = () => makeFile('small.csv', 'a,b\n1,2\n3,4\n');
const kept = () => makeFile('kept.csv', 'city,n\nLyon,3\nNantes,5\n');

/** What a person sees of a small file once loaded: its shape, its rows and its profile. */
async function seen(engine: SiftEngine, table: string) {
  const tables = await engine.tables();
  const info = tables.find((t) => t.name === table);
  const rows = await engine.query(`SELECT * FROM ${table} ORDER BY ALL`);
  const profile = await engine.profile(table);
  return {
    rows: info?.rows,
    columns: info?.columns.map((c) => c.name),
    result: rows.ok ? rows.rows : rows.message,
    profile: profile.columns.map((c) => [c.column, c.type, c.nonNullCount, c.min, c.max]),
  };
}

let fresh: Awaited<ReturnType<typeof seen>>;
const instances: EngineInstance[] = [];
const boot = async () => {
  const instance = await bootNodeEngine({ memoryLimit: LIMIT });
  instances.push(instance);
  return instance;
};

beforeAll(async () => {
  const engine = resilientEngine(boot);
  await engine.load([small()], undefined, ['small']);
  fresh = await seen(engine, 'small');
}, 60_000);

afterAll(() => {
  for (const instance of instances) instance.dispose();
});

describe('DuckDB out of memory', () => {
  it('refuses the file with the limit in plain words, restarts, and reads the next file right', async () => {
    const engine = resilientEngine(boot);
    const [before] = await engine.load([kept()]);
    expect(before?.ok).toBe(true);

    const [failed] = await engine.load([largeCsv()]);
    expect(failed).toMatchObject({ ok: false, fileName: 'orders.csv' });
    if (failed?.ok !== false) return;
    expect(failed.message).toMatch(
      /^At \d+\.\d MB, it needed more memory than this browser tab can give DuckDB \(45\.\d MB\)\./,
    );
    expect(failed.message).toMatch(/restarted DuckDB and loaded 1 table again/);
    expect(failed.message).toMatch(/load a sample or a filtered part of it/);
    expect(failed.message).not.toMatch(/Out of Memory Error/);
    expect(failed.details).toMatch(/^.*Out of Memory Error: could not allocate/);

    // The table loaded before is back, whole; the failed file left no table.
    const back = await engine.query('SELECT * FROM data ORDER BY n');
    expect(back.ok && back.rows).toEqual([
      ['Lyon', 3],
      ['Nantes', 5],
    ]);
    expect((await engine.tables()).map((t) => t.name)).toEqual(['data']);

    await engine.load([small()], undefined, ['small']);
    expect(await seen(engine, 'small')).toEqual(fresh);
  }, 120_000);

  it('a cross join that runs out of memory: the query says so, the tables stay, the next answers are right', async () => {
    const engine = resilientEngine(boot);
    await engine.load([small()], undefined, ['small']);
    const r = await engine.query(
      "SELECT length(list(repeat('x', 100000) || a.a || b.b)) FROM range(1000) a(a), range(1000) b(b)",
    );
    expect(r).toMatchObject({ ok: false, kind: 'error' });
    if (r.ok) return;
    expect(r.message).toMatch(
      /^This query needed more memory than this browser tab can give DuckDB \(45\.\d MB\)\. Sift restarted DuckDB and loaded 1 table again; nothing else was lost\. To try: filter or aggregate/,
    );
    expect(r.details).toMatch(/Out of Memory Error/);
    expect(await seen(engine, 'small')).toEqual(fresh);
  }, 120_000);

  it('an ordinary error restarts nothing and keeps DuckDB’s own words', async () => {
    const engine = resilientEngine(boot);
    await engine.load([small()], undefined, ['small']);
    const r = await engine.query('SELECT nope FROM small');
    expect(r.ok === false && r.message).toMatch(
      /^Binder Error: Referenced column "nope" not found/,
    );
    expect(r.ok === false && r.details).toBeUndefined();
    expect(engine.restarts()).toBe(0);
  }, 60_000);
});
