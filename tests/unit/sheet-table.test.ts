import { describe, expect, it } from 'vitest';
import { columnKinds, sheetRecords, sheetTable } from '../../src/core/data/sheet-table.ts';

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
