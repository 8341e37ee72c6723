/** A cell of the rows grid as it is drawn. */
import type { Cell } from '../../../core/data/engine.ts';
import { formatCellNumber } from '../../format.ts';

/**
 * Its text; `full`, the whole value, where the text rounds it or the column's width may cut it
 * (shown on hover); `plain`, a number as a person would type it, where the text differs.
 */
export function cellText(
  cell: Cell | undefined,
  column: string,
  /** The column's decimal places (TableRows.places). */
  places: number | null = null,
): { text: string; full?: string; plain?: string } {
  if (cell === undefined) return { text: '' };
  if (cell === null) return { text: 'NULL' };
  if (typeof cell === 'number') return formatCellNumber(cell, column, places);
  const text = String(cell);
  return typeof cell === 'string' && text.length > 24 ? { text, full: text } : { text };
}
