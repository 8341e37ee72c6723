/**
 * Numbers in local formats (src/core/reading/local-numbers.ts): a column is judged from the shapes
 * of all its values, read one way for every row, and each value reads as the person means it.
 * The shapes are counted here as workers/local-formats.ts counts them in DuckDB.
 */
import { describe, expect, it } from 'vitest';
import {
  describeFormat,
  judgeNumbers,
  readNumber,
  numberType,
  type ValueShape,
} from '../../src/core/reading/local-numbers.ts';

function shapes(values: string[]): ValueShape[] {
  const by = new Map<string, ValueShape>();
  for (const raw of values) {
    const v = raw.replace(/^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g, '');
    if (v === '') continue;
    const shape = v.replace(/[0-9]/g, '0');
    const leadingZero = /^[^0-9]*0[0-9]/.test(v);
    const key = `${shape}|${leadingZero}`;
    const found = by.get(key);
    if (found) {
      found.count++;
      if (v < found.example) found.example = v;
    } else by.set(key, { shape, leadingZero, count: 1, example: v });
  }
  return [...by.values()];
}

/** Every value of a column as read, when the column reads as numbers. */
function read(values: string[], hint: '.' | ',' | null = null) {
  const verdict = judgeNumbers(shapes(values), hint);
  if (!verdict) return null;
  return { verdict, numbers: values.map((v) => readNumber(v, verdict.format)) };
}

describe('numbers written as offices write them', () => {
  it.each([
    [
      'French, no-break spaces and €',
      ['1 234,56 €', '12,50 €', '3 062,34 €'],
      ['1234.56', '12.50', '3062.34'],
    ],
    ['German', ['1.234,56', '-4.830,13', '12,00'], ['1234.56', '-4830.13', '12.00']],
    ['US currency', ['$1,234.56', '$9.86', '-$12.00'], ['1234.56', '9.86', '-12.00']],
    ['Swiss apostrophes', ["1'234.50", "-2'000.00", '150.25'], ['1234.50', '-2000.00', '150.25']],
    ['narrow no-break space', ['1\u202f234\u202f567', '12'], ['1234567', '12']],
    [
      'accounting parentheses',
      ['(1.234,00)', '2.500,00', '(18.574,53)'],
      ['-1234.00', '2500.00', '-18574.53'],
    ],
    ['a trailing minus', ['1.234,00-', '2.500,00'], ['-1234.00', '2500.00']],
    ['percentages', ['12,5 %', '-3,0 %', '100 %'], ['12.5', '-3.0', '100']],
    ['a Unicode minus and a plus', ['−0.4%', '+2.9%', '1.0%'], ['-0.4', '2.9', '1.0']],
    ['a code after', ['1 125,02 zł', '32 497,00 Kč'], ['1125.02', '32497.00']],
    ['a code before', ['EUR 1.234,56', 'EUR 12,00'], ['1234.56', '12.00']],
  ])('%s', (_, values, expected) => {
    expect(read(values)?.numbers).toEqual(expected);
  });

  it('decides 1,234 from the whole column: one value with three decimals is read as the others', () => {
    // 12,5 can only be a decimal comma, so 1,234 is 1.234 here …
    expect(read(['1,234', '12,5'])?.numbers).toEqual(['1.234', '12.5']);
    // … and a grouping comma where another value groups millions.
    expect(read(['1,234', '1,234,567'])?.numbers).toEqual(['1234', '1234567']);
  });

  it('says when a column reads either way, and follows the other columns of the file', () => {
    const alone = read(['1,234', '2,500']);
    expect(alone?.numbers).toEqual(['1234', '2500']);
    expect(alone?.verdict.ambiguous).toMatch(/either way/);
    const hinted = read(['1,234', '2,500'], ',');
    expect(hinted?.numbers).toEqual(['1.234', '2.500']);
    expect(hinted?.verdict.ambiguous).toMatch(/other columns/);
    // Whole numbers read the same either way: nothing to say.
    expect(read(['1 105', '751'])?.verdict.ambiguous).toBeUndefined();
  });

  it('keeps values that do not fit as misfits, and NULL markers as blanks', () => {
    const values = [
      '12.5',
      'n/a',
      '—',
      'unknown',
      ...Array.from({ length: 20 }, (_, i) => `${i},5`),
    ];
    // The decimal point of 12.5 is the one misfit among decimal commas.
    const got = read(values);
    expect(got?.verdict.format.decimal).toBe(',');
    expect(got?.verdict.misfits).toBe(2);
    expect(got?.verdict.blanks).toBe(2);
  });

  it('leaves alone what is not an amount', () => {
    expect(read(['01067', '10115', '80331'])).toBeNull(); // postcodes with their zeros
    expect(read(['INV-300', 'INV-301'])).toBeNull(); // invoice numbers, not "INV" amounts
    expect(read(['Smith', 'Jones', '12'])).toBeNull();
    expect(read(['+33 1 23 45 67 89', '+33 6 12 34 56 78'])).toBeNull(); // phone numbers
    expect(read(['1.2.3', '2.0.1'])).toBeNull(); // versions
    // Plain numbers DuckDB reads itself are left to it.
    expect(read(['12', '13.5'])).toBeNull();
  });

  it('types a column to keep its decimals exactly', () => {
    expect(numberType(read(['1 234,56 €'])!.verdict.format)).toBe('DECIMAL(18, 2)');
    expect(numberType(read(['1,234', '1,234,567'])!.verdict.format)).toBe('BIGINT');
    expect(numberType(read(['1,234,567,890,123,456,789.5'])!.verdict.format)).toBe('DOUBLE');
  });

  it('says how it read the column', () => {
    expect(describeFormat(read(['1 234,56 €'])!.verdict.format)).toBe(
      'decimal comma, a space between thousands, € left out',
    );
    expect(read(['(1.234,00)'])!.verdict.example).toEqual({ from: '(1.234,00)', to: '-1234.00' });
  });
});
