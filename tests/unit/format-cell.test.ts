import { describe, expect, it } from 'vitest';
import { formatCellNumber, namesThings } from '../../src/components/format.ts';

// The tests run under Node's default locale, en-US here; the page uses the browser's.
describe('a number in a result cell', () => {
  it('reads at a glance: grouped, to six significant digits or two decimals (issue 33)', () => {
    expect(formatCellNumber(6018888.63)).toEqual({
      text: '6,018,888.63',
      full: '6018888.63',
      plain: '6018888.63',
    });
    expect(formatCellNumber(13827236.36).text).toBe('13,827,236.36');
    expect(formatCellNumber(862.022107438)).toEqual({
      text: '862.022',
      full: '862.022107438',
      plain: '862.022107438',
    });
    expect(formatCellNumber(2922)).toEqual({ text: '2,922', full: '2922', plain: '2922' });
    expect(formatCellNumber(-1234567).text).toBe('-1,234,567');
  });

  it('rounds away floating-point noise and keeps the exact value for the tooltip', () => {
    expect(formatCellNumber(202.29999999999995)).toEqual({
      text: '202.3',
      full: '202.29999999999995',
    });
    expect(formatCellNumber(0.1 + 0.2)).toEqual({ text: '0.3', full: '0.30000000000000004' });
  });

  it('leaves ids, codes and years as written, and small values and exact decimals as they are', () => {
    expect(formatCellNumber(2012, 'year')).toEqual({ text: '2012' });
    expect(formatCellNumber(100245, 'customer_id')).toEqual({ text: '100245' });
    expect(formatCellNumber(98101, 'zip')).toEqual({ text: '98101' });
    expect(formatCellNumber(2537.5)).toEqual({ text: '2,537.5', full: '2537.5', plain: '2537.5' });
    expect(formatCellNumber(0.25)).toEqual({ text: '0.25' });
    expect(formatCellNumber(1.5e-7)).toEqual({ text: '1.5e-7' });
    expect(formatCellNumber(Number.NaN)).toEqual({ text: 'NaN' });
  });

  it('tells columns that name things from those that count them', () => {
    for (const name of ['id', 'ID', 'order_id', 'customerId', 'Year', 'zip', 'postal code', 'key'])
      expect(namesThings(name), name).toBe(true);
    for (const name of ['days', 'amount', 'paid', 'rainy_days', 'identity_count', 'keys_pressed'])
      expect(namesThings(name), name).toBe(false);
  });
});
