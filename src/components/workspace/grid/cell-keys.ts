/**
 * Where the keyboard moves the rows grid's one focusable cell (ARIA's grid pattern: a roving
 * tabindex, so the grid is one tab stop however many rows it has, and the arrow keys move within
 * it). https://www.w3.org/WAI/ARIA/apg/patterns/grid/
 */

export interface CellPlace {
  row: number;
  col: number;
}

/**
 * The place a key moves to from `at`, kept inside `rows` × `cols`; null for a key that does not
 * move (it is left to the browser). `page` is how many rows Page Up and Page Down move.
 */
export function moveFor(
  key: string,
  ctrl: boolean,
  at: CellPlace,
  size: { rows: number; cols: number; page: number },
): CellPlace | null {
  const lastRow = Math.max(0, size.rows - 1);
  const lastCol = Math.max(0, size.cols - 1);
  const to = (row: number, col: number): CellPlace => ({
    row: Math.min(lastRow, Math.max(0, row)),
    col: Math.min(lastCol, Math.max(0, col)),
  });
  switch (key) {
    case 'ArrowUp':
      return to(at.row - 1, at.col);
    case 'ArrowDown':
      return to(at.row + 1, at.col);
    case 'ArrowLeft':
      return to(at.row, at.col - 1);
    case 'ArrowRight':
      return to(at.row, at.col + 1);
    case 'PageUp':
      return to(at.row - size.page, at.col);
    case 'PageDown':
      return to(at.row + size.page, at.col);
    // As in a spreadsheet: the row's first or last cell; with Ctrl, the table's.
    case 'Home':
      return to(ctrl ? 0 : at.row, 0);
    case 'End':
      return to(ctrl ? lastRow : at.row, lastCol);
    default:
      return null;
  }
}
