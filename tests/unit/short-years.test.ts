/**
 * Dates with two-digit years (src/core/reading/short-years.ts): the order decided by the evidence
 * over the whole column, and said, on readings as DuckDB gives them for real statements' dates.
 */
import { describe, expect, it } from 'vitest';
import { shapesOf } from '../helpers/value-shapes.ts';
import { dateFormat, dateShape } from '../../src/core/reading/local-dates.ts';
import {
  shortYearOrder,
  type Reading,
  type ShortContext,
} from '../../src/core/reading/short-years.ts';

/** The readings of `values` in each order, computed here as DuckDB's strptime reads them. */
function readings(values: string[]): Reading[] {
  return (['dmy', 'mdy', 'ymd'] as const).map((order) => {
    const dates = values.map((v) => {
      const parts = v.split(/[/.-]/).map(Number);
      const at = (c: string) => parts[order.indexOf(c)]!;
      const yy = at('y');
      const year = yy < 69 ? 2000 + yy : 1900 + yy;
      const d = new Date(Date.UTC(year, at('m') - 1, at('d')));
      const ok = d.getUTCMonth() === at('m') - 1 && d.getUTCDate() === at('d');
      return ok ? d.toISOString().slice(0, 10) : null;
    });
    const read = dates.filter((d): d is string => d !== null);
    let [up, down] = [0, 0];
    for (let i = 1; i < read.length; i++) {
      if (read[i]! > read[i - 1]!) up++;
      if (read[i]! < read[i - 1]!) down++;
    }
    const sorted = [...read].sort();
    return {
      order,
      parsed: read.length,
      lo: sorted[0] ?? null,
      hi: sorted.at(-1) ?? null,
      up,
      down,
      years: new Set(read.map((d) => d.slice(0, 4))).size,
      days: new Set(read.map((d) => d.slice(8))).size,
    };
  });
}

const none: ShortContext = { settled: null, hint: null, chosen: null };
const judge = (values: string[], context = none) =>
  shortYearOrder(readings(values), dateShape(shapesOf(values), undefined, true)!, context);

describe('two-digit years', () => {
  it('finds the shape only where asked: `1.2.10` may be a version', () => {
    expect(dateShape(shapesOf(['01.01.24']))).toBeNull();
    expect(dateShape(shapesOf(['01.01.24']), undefined, true)).toMatchObject({
      separator: '.',
      year: 'short',
    });
    const shape = dateShape(shapesOf(['24-03-09 10:30']), undefined, true)!;
    expect(dateFormat(shape, 'ymd', true)).toBe('%y-%m-%d %H:%M');
    expect(dateFormat(shape, 'dmy', false)).toBe('%d-%m-%y');
  });

  it('reads a German bank’s dd.mm.yy day first, not year first as DuckDB’s sniffer did', () => {
    const v = judge(['28.12.23', '02.01.24', '05.01.24', '15.01.24', '03.02.24']);
    expect(v?.order).toBe('dmy');
    expect(v?.ambiguous).toBeUndefined();
  });

  it('reads an American statement month first from the order of its rows', () => {
    // Day first, 3 September, 3 October, 3 November, 4 February: out of order; year first, every
    // row falls on the 24th.
    const v = judge(['03/09/24', '03/10/24', '03/11/24', '04/02/24']);
    expect(v?.order).toBe('mdy');
    expect(v?.why).toMatch(/date order/);
  });

  it('reads year first when only that gives the file a short span', () => {
    const v = judge(['24-03-09', '24-05-30', '24-12-31']);
    expect(v?.order).toBe('ymd');
  });

  it('says when no evidence decides, follows the file’s signs, and takes the person’s choice', () => {
    const values = ['09/03/24', '10/03/24', '11/03/24'];
    const open = judge(values);
    expect(open).toMatchObject({ order: 'dmy', others: ['mdy', 'ymd'] });
    expect(open?.ambiguous).toMatch(/the day or the month comes first/);
    const hinted = judge(values, { ...none, hint: { order: 'mdy', why: 'because' } });
    expect(hinted?.order).toBe('mdy');
    expect(judge(values, { ...none, chosen: 'mdy' })).toMatchObject({ order: 'mdy' });
    // A choice the values do not allow is not taken: 25 cannot be a month.
    expect(judge(['25/03/24', '26/03/24'], { ...none, chosen: 'mdy' })?.order).toBe('dmy');
  });

  it('follows the file’s settled date column', () => {
    const v = judge(['09/03/24', '10/03/24', '11/03/24'], {
      ...none,
      settled: { order: 'mdy', column: 'Posted' },
    });
    expect(v).toMatchObject({ order: 'mdy' });
    expect(v?.why).toMatch(/Posted/);
  });

  it('leaves text alone when no order reads its values', () => {
    expect(judge(['40/40/40', '41/41/41'])).toBeNull();
  });
});
