import { tableFromIPC, type Table } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { columnKinds, sheetRecords, sheetTable } from '../../src/core/reading/sheet-table.ts';
import { loadSheet } from '../../workers/load-xlsx.ts';

const d = (iso: string) => new Date(iso);

describe('a sheet as a table', () => {
  it('finds the header below a merged title and a blank row', () => {
    const table = sheetTable([
      ['Sales by region', null, null],
      [null, null, null],
      ['Region', 'Units', null],
      ['North', 12, null],
      [null, null, null],
      ['South', 7, 'late'],
    ]);
    expect(table).toEqual({
      header: ['Region', 'Units', null],
      rows: [
        ['North', 12, null],
        ['South', 7, 'late'],
      ],
      titleRows: 1,
    });
  });

  it('reads a sheet that starts with data as headerless, and an empty one as nothing', () => {
    expect(
      sheetTable([
        [1, 'a'],
        [2, 'b'],
      ]),
    ).toEqual({
      header: [null, null],
      rows: [
        [1, 'a'],
        [2, 'b'],
      ],
      titleRows: 0,
    });
    expect(sheetTable([[null], []])).toBeNull();
  });

  it('gives each column one kind: numbers, dates, or text when they mix', () => {
    const rows = [
      [1, d('2024-01-05T00:00:00Z'), d('2024-01-05T10:30:00Z'), 7, true],
      [2.5, d('2024-02-01T00:00:00Z'), null, 'A7', false],
    ];
    const names = ['n', 'day', 'at', 'code', 'ok'];
    expect(columnKinds(names, rows)).toEqual(['number', 'date', 'datetime', 'text', 'boolean']);
    expect(sheetRecords(names, rows)).toEqual([
      { n: 1, day: '2024-01-05', at: '2024-01-05 10:30:00', code: '7', ok: true },
      { n: 2.5, day: '2024-02-01', at: null, code: 'A7', ok: false },
    ]);
  });
});

describe('a header naming members of Object.prototype', () => {
  it('loads __proto__, constructor, toString and hasOwnProperty as columns with their values', async () => {
    const tables: Table[] = [];
    const deps = {
      exec: async () => [],
      insertArrow: async (_: string, ipc: Uint8Array) => void tables.push(tableFromIPC(ipc)),
    };
    const shaped = await loadSheet(deps, 't', {
      name: 'Sheet1',
      data: [
        ['__proto__', 'constructor', 'toString', 'hasOwnProperty'],
        [1, 'a', true, 'h'],
        [2, null, false, null],
      ],
    });
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    expect(shaped!.columns.map((c) => c.name)).toEqual(names);
    const column = (name: string) => tables.flatMap((t) => [...t.getChild(name)!]);
    expect(tables[0]!.schema.fields.map((f) => f.name)).toEqual(names);
    expect(column('__proto__')).toEqual([1n, 2n]);
    expect(column('constructor')).toEqual(['a', null]);
    expect(column('toString')).toEqual([true, false]);
    expect(column('hasOwnProperty')).toEqual(['h', null]);
  });
});
