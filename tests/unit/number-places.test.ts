/**
 * A column of numbers read as one (src/core/data/number-places.ts): a DECIMAL keeps its scale,
 * doubles get the places their values need, each the same, and a column is as wide as its widest.
 */
import { describe, expect, it } from 'vitest';
import { formatCellNumber } from '../../src/components/format.ts';
import {
  columnPlaces,
  fixedScale,
  placesNeeded,
  shownChars,
} from '../../src/core/data/number-places.ts';

const en = (n: number, column: string, places: number | null) =>
  formatCellNumber(n, column, places).text.replace(/\u202f|\u00a0/g, ' ');

describe('the places of a column', () => {
  it('keeps a DECIMAL’s scale on every value: 845,656.00 beside 953,524.78', () => {
    expect(fixedScale('DECIMAL(18,2)')).toBe(2);
    expect(fixedScale('DOUBLE')).toBeNull();
    const places = columnPlaces('DECIMAL(18,2)', [845656, 953524.78, 24981.7]);
    expect([845656, 953524.78, 24981.7].map((n) => en(n, 'amount', places))).toEqual([
      '845,656.00',
      '953,524.78',
      '24,981.70',
    ]);
  });

  it('gives doubles the places their values need, noise gone, to six significant digits', () => {
    expect(placesNeeded([1, 2.5, 0.1 + 0.2])).toBe(1);
    expect(placesNeeded([3.14159265358979, 2])).toBe(5);
    expect(placesNeeded([862.022107438])).toBe(3);
    expect(placesNeeded([6018888.63])).toBe(2);
    expect(placesNeeded([0.000123456789])).toBe(9);
    expect(placesNeeded(['a', null])).toBeNull();
    expect(columnPlaces('BIGINT', [1, 2])).toBeNull();
    expect([2338.94, 12.5, 7].map((n) => en(n, 'x', placesNeeded([2338.94, 12.5, 7])))).toEqual([
      '2,338.94',
      '12.50',
      '7.00',
    ]);
    // Identifiers and years stay as written, whatever the column's places.
    expect(en(2024, 'year', 0)).toBe('2024');
  });

  it('counts the characters of the widest number as shown', () => {
    expect(shownChars(-1234567.891, 2)).toBe('-1,234,567.89'.length);
    expect(shownChars(7, 0)).toBe(1);
    expect(shownChars(999.5, 1)).toBe('999.5'.length);
  });
});
