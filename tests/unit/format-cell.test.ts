import { describe, expect, it } from 'vitest';
import { formatCellNumber } from '../../src/components/format.ts';

describe('a number in a result cell', () => {
  it('rounds away floating-point noise and keeps the exact value for the tooltip', () => {
    expect(formatCellNumber(202.29999999999995)).toEqual({
      text: '202.3',
      full: '202.29999999999995',
    });
    expect(formatCellNumber(0.1 + 0.2)).toEqual({ text: '0.3', full: '0.30000000000000004' });
  });

  it('leaves whole numbers, exact decimals and small values as they are', () => {
    expect(formatCellNumber(2012)).toEqual({ text: '2012' });
    expect(formatCellNumber(2537.5)).toEqual({ text: '2537.5' });
    expect(formatCellNumber(1.5e-7)).toEqual({ text: '1.5e-7' });
    expect(formatCellNumber(Number.NaN)).toEqual({ text: 'NaN' });
  });
});
