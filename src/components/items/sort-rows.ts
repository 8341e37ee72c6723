/** Sorting the rows of a result table by one column, as a click on its header does. */
import type { Cell } from '../../core/data/engine.ts';

export type SortDirection = 'asc' | 'desc';

// One collator for every comparison: `localeCompare` with options builds one per call, which
// is slow on 100,000 rows. `numeric` puts "item 2" before "item 10".
const collator = new Intl.Collator(undefined, { numeric: true });

/** Columns of mixed types sort numbers first, then text, then booleans. */
const typeRank = (value: Exclude<Cell, null>) =>
  typeof value === 'number' ? 0 : typeof value === 'string' ? 1 : 2;

function compare(a: Exclude<Cell, null>, b: Exclude<Cell, null>): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  if (typeof a === 'number' && typeof b === 'number') {
    // DOUBLE columns can hold NaN, which compares to nothing: put it after every number.
    if (Number.isNaN(a) || Number.isNaN(b))
      return Number(Number.isNaN(a)) - Number(Number.isNaN(b));
    return a - b;
  }
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
}

/**
 * A new array of the same rows ordered by the cells at `columnIndex`. Nulls (and missing cells)
 * go last in either direction; equal cells keep their original order (`Array.prototype.sort`
 * is stable since ES2019).
 */
export function sortRows<R extends readonly Cell[]>(
  rows: readonly R[],
  columnIndex: number,
  direction: SortDirection,
): R[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((rowA, rowB) => {
    const a = rowA[columnIndex] ?? null;
    const b = rowB[columnIndex] ?? null;
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return sign * compare(a, b);
  });
}
