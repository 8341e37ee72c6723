/** Dates in local orders (src/core/reading/local-dates.ts): the order from the column, said when not settled. */
import { describe, expect, it } from 'vitest';
import { shapesOf } from '../helpers/value-shapes.ts';
import { dateFormat, dateOrder, dateShape } from '../../src/core/reading/local-dates.ts';

describe('dates written day first or month first', () => {
  it('finds the separator and a time, and counts what does not fit', () => {
    const shape = dateShape(
      shapesOf(['25.03.2024', '1.4.2024 10:30', ...Array(9).fill('02.05.2024'), 'soon']),
    );
    expect(shape).toMatchObject({ separator: '.', withTime: true, withSeconds: false, misfits: 1 });
    expect(dateShape(shapesOf(['abc', 'def']))).toBeNull();
    expect(dateShape(shapesOf(['2024-03-25']))).toBeNull(); // ISO: DuckDB's own
  });

  it('settles the order from a part over 12, and says when none is', () => {
    const slash = dateShape(shapesOf(['03/04/2024']))!;
    expect(dateOrder(25, 12, slash, null)).toEqual({ order: 'dmy' });
    expect(dateOrder(12, 25, slash, null)).toEqual({ order: 'mdy' });
    const open = dateOrder(12, 12, slash, 'mdy');
    expect(open.order).toBe('mdy');
    expect(open.ambiguous).toMatch(/3 April or 4 March/);
    // Dotted dates are written day first.
    expect(dateOrder(12, 12, dateShape(shapesOf(['03.04.2024']))!, 'mdy').order).toBe('dmy');
  });

  it('reads with the format of the order', () => {
    const shape = dateShape(shapesOf(['03/04/2024 10:30:00']))!;
    expect(dateFormat(shape, 'mdy', true)).toBe('%m/%d/%Y %H:%M:%S');
    expect(dateFormat(shape, 'dmy', false)).toBe('%d/%m/%Y');
  });
});
