/**
 * A notebook's findings run again on other data (issue 48): each figure of a text cell anchored
 * where its check found it — the cell, the column by name, the row by its labels — and looked
 * for there in the new result: holding, changed (with the value now, written as the figure was),
 * or no longer checkable (the row or the column gone). And what differs between a table and the
 * same table read from next month's file.
 */
import { describe, expect, it } from 'vitest';
import type { FigureSource } from '../../src/core/figures/check-figures.ts';
import { figuresInText } from '../../src/core/figures/figures-in-text.ts';
import {
  anchorFigures,
  editedAnchors,
  recheckFigures,
  renamedCell,
  writtenLike,
} from '../../src/core/figures/recheck.ts';
import {
  changesInWords,
  readChoiceOf,
  rowsInWords,
  tableChanges,
} from '../../src/core/data/table-changes.ts';
import type { TableInfo } from '../../src/core/data/engine.ts';

const result = (rows: (string | number)[][]): FigureSource => ({
  columns: ['region', 'total'],
  rows,
  rowCount: rows.length,
});
const OCTOBER = result([
  ['north', 30],
  ['south', 20],
]);
const sources = (r: FigureSource) => new Map([['@by_region', r]]);
const TEXT =
  'North sold 30 units [@by_region], 60% of all [@by_region]. South had 2 rows less [@by_region].';

function states(r: FigureSource, text = TEXT) {
  const anchors = anchorFigures(text, sources(OCTOBER));
  return recheckFigures(text, anchors, sources(r)).figures.map((f) => [
    f.text,
    f.state,
    f.now ?? '',
  ]);
}

describe('a text cell’s findings, run again', () => {
  it('hold on the same data', () => {
    expect(states(OCTOBER)).toEqual([
      ['30', 'checked', ''],
      ['60%', 'checked', ''],
      ['2', 'checked', ''],
    ]);
  });

  it('say the value now where the row and column are still there, whatever their order', () => {
    const november = result([
      ['south', 25],
      ['north', 35],
    ]);
    const figures = recheckFigures(TEXT, anchorFigures(TEXT, sources(OCTOBER)), sources(november));
    expect(figures.figures.map((f) => [f.text, f.state, f.now ?? ''])).toEqual([
      ['30', 'changed', '35'],
      ['60%', 'changed', '58%'],
      // A row count found at the same place: 2 rows still.
      ['2', 'checked', ''],
    ]);
    expect(figures.counts).toMatchObject({ checked: 1, changed: 2, mismatch: 0 });
    expect(figures.figures[0]!.note).toBe('30 when written; 35 now, in @by_region');
  });

  it('can no longer be checked where the row or the column is gone, and say which', () => {
    const noNorth = result([
      ['south', 25],
      ['east', 5],
    ]);
    const [north] = recheckFigures(
      TEXT,
      anchorFigures(TEXT, sources(OCTOBER)),
      sources(noNorth),
    ).figures;
    expect(north).toMatchObject({ state: 'mismatch' });
    expect(north!.note).toBe('30 can no longer be checked: the row north is gone from @by_region');
    const renamedColumn: FigureSource = { ...OCTOBER, columns: ['region', 'units'] };
    const [gone] = recheckFigures(
      TEXT,
      anchorFigures(TEXT, sources(OCTOBER)),
      sources(renamedColumn),
    ).figures;
    expect(gone!.note).toBe(
      '30 can no longer be checked: the column total is gone from @by_region',
    );
    const [failed] = recheckFigures(TEXT, anchorFigures(TEXT, sources(OCTOBER)), new Map()).figures;
    expect(failed).toMatchObject({ state: 'mismatch' });
  });

  it('have changed when their direction turned, though the figure was written without a sign', () => {
    const text = 'North fell 10 [@by_region].';
    const before = new Map([
      ['@by_region', { columns: ['region', 'change'], rows: [['north', -10]], rowCount: 1 }],
    ]);
    const after = new Map([
      ['@by_region', { columns: ['region', 'change'], rows: [['north', 10]], rowCount: 1 }],
    ]);
    const [fell] = recheckFigures(text, anchorFigures(text, before), after).figures;
    expect(fell).toMatchObject({ state: 'changed', now: '+10' });
  });

  it('keep their anchors through an edit of the text around them', () => {
    const anchors = anchorFigures(TEXT, sources(OCTOBER));
    const edited = `Note: ${TEXT.replace('units', 'units sold')} Also 99 [@by_region].`;
    const kept = editedAnchors(TEXT, edited, anchors, sources(OCTOBER));
    // The three figures kept theirs, moved; the new one (not in the result) has none.
    expect(kept.map((a) => [a.text, edited.slice(a.start, a.start + a.text.length)])).toEqual([
      ['30', '30'],
      ['60%', '60%'],
      ['2', '2'],
    ]);
    const november = result([
      ['south', 25],
      ['north', 35],
    ]);
    expect(recheckFigures(edited, kept, sources(november)).counts).toMatchObject({
      changed: 2,
      mismatch: 1,
    });
  });

  it('are checked as any answer’s are when they were never anchored', () => {
    const text = 'North sold 31 units [@by_region].';
    expect(anchorFigures(text, sources(OCTOBER))).toEqual([]);
    expect(recheckFigures(text, [], sources(OCTOBER)).figures[0]!.state).toBe('mismatch');
  });

  it('follow their figures when the cell they cite is renamed', () => {
    const anchors = anchorFigures(TEXT, sources(OCTOBER));
    const moved = renamedCell(TEXT, anchors, '@by_region', '@regions_of_october');
    expect(moved.source).toBe(
      'North sold 30 units [@regions_of_october], 60% of all [@regions_of_october]. South had 2 rows less [@regions_of_october].',
    );
    const again = new Map([['@regions_of_october', OCTOBER]]);
    expect(recheckFigures(moved.source, moved.anchors, again).counts).toMatchObject({ checked: 3 });
    // The anchors moved with their figures: on November's data they say what changed.
    const november = new Map([
      [
        '@regions_of_october',
        result([
          ['south', 25],
          ['north', 35],
        ]),
      ],
    ]);
    expect(recheckFigures(moved.source, moved.anchors, november).counts).toMatchObject({
      checked: 1,
      changed: 2,
    });
    expect(moved.anchors.map((a) => a.cell)).toEqual([
      '@regions_of_october',
      '@regions_of_october',
      '@regions_of_october',
    ]);
  });
});

describe('a value written as its figure was', () => {
  const figure = (text: string) => figuresInText(`${text} [Q1]`).figures[0]!;
  it('keeps the currency, the scale, the places, the grouping and the percent sign', () => {
    expect(writtenLike(figure('$1.3 million'), 1_450_000)).toBe('$1.5 million');
    expect(writtenLike(figure('4,426 mm'), 4812.4)).toBe('4,812');
    expect(writtenLike(figure('6.3%'), 7.06)).toBe('7.1%');
    expect(writtenLike(figure('4.2k'), 3960)).toBe('4.0k');
    // Written without a sign, a value is shown without one — unless its direction turned.
    expect(writtenLike(figure('12'), -3)).toBe('3');
    expect(writtenLike(figure('12'), -3, true)).toBe('−3');
  });
});

describe('a table read from another file', () => {
  const info = (over: Partial<TableInfo>): TableInfo => ({
    name: 'sales',
    fileName: 'sales-oct.csv',
    fileBytes: 10,
    rows: 1180,
    columns: [],
    format: 'csv',
    encoding: 'windows-1252',
    notes: [],
    loadMs: 1,
    schema: [
      { name: 'date', type: 'DATE' },
      { name: 'region', type: 'VARCHAR' },
      { name: 'amount', type: 'DOUBLE' },
    ],
    ...over,
  });

  it('says the columns added, missing or of another type, and the rows before and after', () => {
    const after = info({
      fileName: 'sales-nov.csv',
      rows: 1204,
      schema: [
        { name: 'date', type: 'DATE' },
        { name: 'amount', type: 'VARCHAR' },
        { name: 'discount', type: 'DOUBLE' },
      ],
    });
    const changes = tableChanges(info({}), after);
    expect(changes).toMatchObject({
      added: ['discount'],
      missing: ['region'],
      retyped: [{ column: 'amount', before: 'DOUBLE', after: 'VARCHAR' }],
    });
    expect(changesInWords(changes)).toEqual([
      'Column region is missing from the new file: cells that use it will fail, naming it.',
      'Column amount was DOUBLE and is VARCHAR now.',
      'Column discount is new.',
    ]);
    expect(rowsInWords(changes, (n) => n.toLocaleString('en-US'))).toBe(
      '1,204 rows (1,180 before)',
    );
    expect(changesInWords(tableChanges(info({}), info({})))).toEqual([
      'The same columns, of the same types.',
    ]);
  });

  it('is read with the choices the person made of the first, and only those', () => {
    expect(readChoiceOf(info({ readAs: 'iso-8859-2', dates: 'mdy', sheet: 'Q3' }))).toEqual({
      sheet: 'Q3',
      encoding: 'iso-8859-2',
      dates: 'mdy',
    });
    // Sift's own guess of the encoding is made again on the new file.
    expect(readChoiceOf(info({}))).toEqual({});
  });
});
