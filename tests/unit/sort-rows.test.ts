import { describe, expect, it } from 'vitest';
import { sortRows } from '../../src/components/items/sort-rows.ts';
import type { Cell } from '../../src/core/data/engine.ts';

const column = (rows: Cell[][], i = 0) => rows.map((r) => r[i]);

describe('sortRows', () => {
  it('sorts numbers numerically, not as text', () => {
    const rows = [[10], [9], [100], [-1], [2.5]];
    expect(column(sortRows(rows, 0, 'asc'))).toEqual([-1, 2.5, 9, 10, 100]);
    expect(column(sortRows(rows, 0, 'desc'))).toEqual([100, 10, 9, 2.5, -1]);
  });

  it('sorts text with numeric collation', () => {
    const rows = [['item 10'], ['item 2'], ['Item 1'], ['apple']];
    expect(column(sortRows(rows, 0, 'asc'))).toEqual(['apple', 'Item 1', 'item 2', 'item 10']);
  });

  it('puts nulls last in both directions', () => {
    const rows = [[null], [2], [null], [1], [3]];
    expect(column(sortRows(rows, 0, 'asc'))).toEqual([1, 2, 3, null, null]);
    expect(column(sortRows(rows, 0, 'desc'))).toEqual([3, 2, 1, null, null]);
  });

  it('sorts booleans false before true', () => {
    const rows = [[true], [false], [null], [true]];
    expect(column(sortRows(rows, 0, 'asc'))).toEqual([false, true, true, null]);
    expect(column(sortRows(rows, 0, 'desc'))).toEqual([true, true, false, null]);
  });

  it('groups mixed types: numbers, then text, then booleans', () => {
    const rows = [['b'], [true], [2], ['a'], [1], [null]];
    expect(column(sortRows(rows, 0, 'asc'))).toEqual([1, 2, 'a', 'b', true, null]);
  });

  it('puts NaN after the numbers without upsetting the order', () => {
    const rows = [[3], [Number.NaN], [1], [2]];
    expect(column(sortRows(rows, 0, 'asc'))).toEqual([1, 2, 3, Number.NaN]);
  });

  it('is stable in both directions', () => {
    const rows: Cell[][] = [
      ['x', 1],
      ['y', 2],
      ['x', 3],
      [null, 4],
      ['y', 5],
      [null, 6],
      ['x', 7],
    ];
    expect(column(sortRows(rows, 0, 'asc'), 1)).toEqual([1, 3, 7, 2, 5, 4, 6]);
    expect(column(sortRows(rows, 0, 'desc'), 1)).toEqual([2, 5, 1, 3, 7, 4, 6]);
  });

  it('returns a new array and leaves the input alone', () => {
    const rows = [[2], [1]];
    const sorted = sortRows(rows, 0, 'asc');
    expect(sorted).not.toBe(rows);
    expect(rows).toEqual([[2], [1]]);
    expect(sorted[0]).toBe(rows[1]); // the rows themselves are not copied
  });

  it('sorts by the column asked for and treats missing cells as null', () => {
    const rows = [['a', 3], ['b', 1], ['c']];
    expect(column(sortRows(rows, 1, 'asc'))).toEqual(['b', 'a', 'c']);
  });

  // No time asserted (the brief: never a wall-clock time in a test): the order of many rows.
  it('sorts 100,000 rows', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [`name ${(i * 7919) % 100_000}`, i]);
    const sorted = sortRows(rows, 0, 'asc');
    expect(sorted[0]![0]).toBe('name 0');
    expect(sorted[1]![0]).toBe('name 1');
    expect(sorted.at(-1)![0]).toBe('name 99999');
  });
});
