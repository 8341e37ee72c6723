/** Where the keys move the rows grid's focused cell (components/workspace/grid/cell-keys.ts). */
import { describe, expect, it } from 'vitest';
import { moveFor } from '../../src/components/workspace/grid/cell-keys.ts';

const size = { rows: 100, cols: 5, page: 10 };

describe('the rows grid’s cell keys', () => {
  it('moves one cell with the arrows, and stops at the edges', () => {
    expect(moveFor('ArrowDown', false, { row: 3, col: 2 }, size)).toEqual({ row: 4, col: 2 });
    expect(moveFor('ArrowRight', false, { row: 3, col: 4 }, size)).toEqual({ row: 3, col: 4 });
    expect(moveFor('ArrowUp', false, { row: 0, col: 0 }, size)).toEqual({ row: 0, col: 0 });
    expect(moveFor('ArrowLeft', false, { row: 3, col: 2 }, size)).toEqual({ row: 3, col: 1 });
  });

  it('moves a page, to the row’s ends, or with Ctrl to the table’s', () => {
    expect(moveFor('PageDown', false, { row: 95, col: 1 }, size)).toEqual({ row: 99, col: 1 });
    expect(moveFor('PageUp', false, { row: 15, col: 1 }, size)).toEqual({ row: 5, col: 1 });
    expect(moveFor('End', false, { row: 7, col: 1 }, size)).toEqual({ row: 7, col: 4 });
    expect(moveFor('Home', true, { row: 7, col: 3 }, size)).toEqual({ row: 0, col: 0 });
    expect(moveFor('End', true, { row: 7, col: 1 }, size)).toEqual({ row: 99, col: 4 });
  });

  it('leaves other keys, and an empty view, alone', () => {
    expect(moveFor('a', false, { row: 1, col: 1 }, size)).toBeNull();
    expect(moveFor('ArrowDown', false, { row: 0, col: 0 }, { rows: 0, cols: 3, page: 10 })).toEqual(
      {
        row: 0,
        col: 0,
      },
    );
  });
});
