import { describe, expect, it } from 'vitest';
import { datasetBlock } from '../../src/core/agent/dataset-block.ts';
import {
  describeHint,
  hintOf,
  joinCandidates,
  MAX_CANDIDATES,
  type KeyTable,
} from '../../src/core/sql/join-keys.ts';

const t = (name: string, rows: number, ...cols: Array<[string, string]>): KeyTable => ({
  name,
  rows,
  columns: cols.map(([n, type]) => ({ name: n, type })),
});

describe('join candidates from names and types', () => {
  it('pairs a foreign key named for a table with its id, and key-like names both tables have', () => {
    const pairs = joinCandidates([
      t(
        'orders',
        9,
        ['order_id', 'BIGINT'],
        ['CustomerID', 'BIGINT'],
        ['amount', 'DOUBLE'],
        ['sku', 'VARCHAR'],
      ),
      t('customers', 3, ['id', 'INTEGER'], ['name', 'VARCHAR']),
      t('products', 3, ['sku', 'VARCHAR'], ['amount', 'DOUBLE']),
      t('categories', 2, ['category_id', 'VARCHAR']),
    ]).map((c) => `${c.a.table}.${c.a.column}~${c.b.table}.${c.b.column}`);
    expect(pairs).toEqual(['orders.CustomerID~customers.id', 'orders.sku~products.sku']);
  });

  it('never pairs columns of different kinds, or measures without a key-like name', () => {
    expect(
      joinCandidates([
        t('a', 1, ['id', 'BIGINT'], ['total', 'BIGINT']),
        t('b', 1, ['id', 'VARCHAR'], ['total', 'BIGINT']),
      ]),
    ).toEqual([]);
  });

  it('pairs text columns that share any name, to be kept only where one side is unique', () => {
    const [c] = joinCandidates([
      t('sales', 9, ['Region', 'VARCHAR'], ['Units', 'BIGINT']),
      t('targets', 3, ['region', 'VARCHAR'], ['Target', 'BIGINT']),
    ]);
    expect(c).toEqual({
      a: { table: 'sales', column: 'Region' },
      b: { table: 'targets', column: 'region' },
      sharedOnly: true,
    });
    const rows = (name: string) => (name === 'sales' ? 9 : 3);
    const lookup = { l_keys: 3, l_max: 4, r_keys: 3, r_max: 1, found: 3, joined: 9 };
    expect(hintOf(c!, lookup, rows)).toMatchObject({ rightUnique: true, match: 1 });
    // Repeated on both sides, a shared name like this is no key: no hint.
    expect(hintOf(c!, { ...lookup, r_max: 2, joined: 18 }, rows)).toBeNull();
  });

  it('measures at most MAX_CANDIDATES pairs', () => {
    const cols = Array.from({ length: 30 }, (_, i): [string, string] => [`k${i}_id`, 'BIGINT']);
    expect(joinCandidates([t('a', 1, ...cols), t('b', 1, ...cols)])).toHaveLength(MAX_CANDIDATES);
  });
});

describe('a measured candidate', () => {
  const a = { table: 'customers', column: 'id' };
  const b = { table: 'orders', column: 'customer_id' };
  const rows = (name: string) => (name === 'orders' ? 200 : 40);

  it('puts the unique side on the right, whichever side it was found on', () => {
    const hint = hintOf(
      { a, b },
      { l_keys: 40, l_max: 1, r_keys: 41, r_max: 8, found: 40, joined: 192 },
      rows,
    );
    expect(hint).toEqual({
      left: b,
      right: a,
      match: 0.976,
      joinedRows: 192,
      leftRows: 200,
      rightUnique: true,
    });
    expect(describeHint(hint!)).toBe(
      'orders.customer_id → customers.id: 98% of orders.customer_id values are found in customers.id; each orders row matches at most one customers row.',
    );
  });

  it('is dropped when fewer than half the keys match, and warns when a join multiplies rows', () => {
    expect(
      hintOf({ a, b }, { l_keys: 10, l_max: 1, r_keys: 50, r_max: 1, found: 4, joined: 4 }, rows),
    ).toBeNull();
    const both = hintOf(
      { a, b },
      { l_keys: 10, l_max: 3, r_keys: 10, r_max: 5, found: 10, joined: 900 },
      rows,
    )!;
    expect(both.rightUnique).toBe(false);
    expect(describeHint(both)).toMatch(
      /the join gives 900 rows from 40 — aggregate one side first/,
    );
  });

  it('is told to the model under the dataset, with what was done to read each file', () => {
    const hint = hintOf(
      { a, b },
      { l_keys: 40, l_max: 1, r_keys: 41, r_max: 8, found: 40, joined: 192 },
      rows,
    )!;
    const block = datasetBlock([
      {
        name: 'orders',
        fileName: 'orders.csv',
        rows: 200,
        columns: [{ name: 'customer_id', type: 'BIGINT' }],
        joins: [hint],
      },
      {
        name: 'customers',
        fileName: 'customers.csv',
        rows: 40,
        columns: [{ name: 'id', type: 'BIGINT' }],
        notes: ['1 column of times with a time zone was read as UTC times.'],
        sheet: 'All customers',
      },
    ]);
    expect(block).toMatch(
      /Rows: 40\nRead with: 1 column of times with a time zone was read as UTC/,
    );
    expect(block).toMatch(
      /How the tables connect[^\n]*\n- orders\.customer_id → customers\.id: 98%/,
    );
  });
});
