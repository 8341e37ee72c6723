/**
 * Join keys between loaded tables (core/data/join-keys.ts), found by name and measured by real
 * DuckDB-WASM on the worker's own engine: the rows a join is said to give are checked against
 * the joins themselves, and the match rate against the keys the files were written with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEngine } from '../../src/core/data/engine.ts';
import { findJoinHints, type KeyTable } from '../../src/core/sql/join-keys.ts';
import type { EngineInstance } from '../../workers/resilient-engine.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';
import { makeFile } from '../engine-suite/suite.ts';

let instance: EngineInstance;
let engine: TableEngine;
beforeAll(async () => {
  instance = await bootNodeEngine();
  engine = instance.engine;
});
afterAll(() => instance.dispose());

const customers =
  'id,name,segment\n' +
  Array.from({ length: 40 }, (_, i) => `${i + 1},c${i + 1},${i % 2 ? 'retail' : 'wholesale'}`).join(
    '\n',
  );
// 200 orders; customer 99 does not exist, so a few orders match no customer.
const orders =
  'order_id,customer_id,amount,day\n' +
  Array.from(
    { length: 200 },
    (_, i) =>
      `${i + 1},${i % 25 === 0 ? 99 : (i % 40) + 1},${i * 1.5},2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
  ).join('\n');
// Daily weather: many orders share a day, and so would many rows of a table keyed by day twice.
const visits =
  'day,visits\n' +
  Array.from(
    { length: 56 },
    (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},${i}`,
  ).join('\n');

async function keyTables(): Promise<KeyTable[]> {
  return (await engine.tables()).map((t) => ({
    name: t.name,
    rows: t.rows,
    columns: t.schema ?? [],
  }));
}

const runOne = async (sql: string) => {
  const r = await engine.query(sql, { maxRows: 1 });
  if (!r.ok || !r.rows[0]) return null;
  return Object.fromEntries(r.columns.map((c, i) => [c.name, r.rows[0]![i]]));
};

describe('join keys measured on the data', () => {
  it('finds orders.customer_id → customers.id and a repeated day, with the joins’ own row counts', async () => {
    await engine.reset();
    const outcomes = await engine.load([
      makeFile('orders.csv', orders),
      makeFile('customers.csv', customers),
      makeFile('visits.csv', visits),
    ]);
    expect(outcomes.map((o) => o.ok && o.table.name)).toEqual(['orders', 'customers', 'visits']);
    const hints = await findJoinHints(runOne, await keyTables());
    const byKey = Object.fromEntries(
      hints.map((h) => [`${h.left.table}.${h.left.column}>${h.right.table}.${h.right.column}`, h]),
    );
    expect(Object.keys(byKey).sort()).toEqual([
      'orders.customer_id>customers.id',
      'orders.day>visits.day',
    ]);

    const fk = byKey['orders.customer_id>customers.id']!;
    // 41 distinct customer ids in orders (1–40 and 99); 40 of them are customers.
    expect(fk).toMatchObject({
      match: Math.round((40 / 41) * 1000) / 1000,
      rightUnique: true,
      leftRows: 200,
    });
    const joined = await engine.query(
      'SELECT count(*) FROM orders JOIN customers ON orders.customer_id = customers.id',
    );
    expect(joined.ok && joined.rows[0]![0]).toBe(fk.joinedRows);

    const day = byKey['orders.day>visits.day']!;
    expect(day.rightUnique).toBe(false);
    const dayJoin = await engine.query('SELECT count(*) FROM orders JOIN visits USING (day)');
    expect(dayJoin.ok && dayJoin.rows[0]![0]).toBe(day.joinedRows);
    expect(day.joinedRows).toBeGreaterThan(day.leftRows);
    // The unique key comes first.
    expect(hints[0]).toBe(fk);
  });

  it('finds nothing between tables that share no key, and nothing for one table', async () => {
    await engine.reset();
    await engine.load([makeFile('a.csv', 'x,amount\n1,2\n'), makeFile('b.csv', 'y,amount\n1,2\n')]);
    expect(await findJoinHints(runOne, await keyTables())).toEqual([]);
    expect(await findJoinHints(runOne, (await keyTables()).slice(0, 1))).toEqual([]);
  });
});
