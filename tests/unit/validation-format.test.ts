/** Units in a checked finding's figures read as people write them (issue 31, item 4). */
import { describe, expect, it } from 'vitest';
import { format, withUnit } from '../../src/core/validation/format.ts';

describe('a figure with its unit', () => {
  it.each([
    ['852', '$', '$852'],
    ['-12.5', '$', '-$12.5'],
    ['3.5', 'US$', 'US$3.5'],
    ['1,200', '£', '£1,200'],
    ['852', '€', '852 €'],
    ['6.3', '%', '6.3 %'],
    ['642.5', 'mm', '642.5 mm'],
    ['42', undefined, '42'],
    ['42', '  ', '42'],
  ])('%s with %s reads %s', (number, unit, written) => {
    expect(withUnit(number, unit)).toBe(written);
  });

  it('puts a currency before every figure of an estimate, never after', () => {
    const dollars = format(false, '$');
    expect(dollars.value(852.25)).toBe('$852');
    expect(dollars.difference(-12.5)).toBe('-$12.5');
    expect(dollars.estimate(1.5, 0.5, 2.5)).toBe('$1.50, 95% CI $0.50 to $2.50');
    expect(format(false, '€').estimate(1.5, 0.5, 2.5)).toBe('1.50 €, 95% CI 0.50 to 2.50 €');
  });
});
