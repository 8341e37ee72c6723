/**
 * The histogram of a numeric or date column in the profile (core/sql/profile.ts): HISTOGRAM_BINS
 * equal-width bins from the column's minimum to its maximum, found by the profile's first pass,
 * counted in its outlier pass over every row (never a sample), a date by its seconds since 1970.
 */
import type { ResultColumn } from '../data/engine.ts';
import { quoteIdent } from './sql-text.ts';

/** Equal-width bins of a numeric or date column's histogram, from its minimum to its maximum. */
export const HISTOGRAM_BINS = 14;

/** Dates and times, binned by their `epoch` (seconds since 1970) like numbers. */
const TEMPORAL = /^(DATE|TIMESTAMP(_S|_MS|_NS)?|TIMESTAMP WITH TIME ZONE)$/;

export const isTemporalType = (type: string) => TEMPORAL.test(type);

/** The value a histogram bins, as a DOUBLE: the number, or a date's seconds since 1970. */
export function binnedValue(col: ResultColumn): string {
  const c = quoteIdent(col.name);
  return isTemporalType(col.type) ? `epoch(${c})` : `CAST(${c} AS DOUBLE)`;
}

/** A JS number as an exact DOUBLE in SQL (a bare `1.5` would be a DECIMAL). */
const double = (n: number) => `CAST('${n}' AS DOUBLE)`;

/** A numeric or date column to bin into a histogram of HISTOGRAM_BINS, between `lo` and `hi`. */
export interface Binned {
  name: string;
  type: string;
  index: number;
  lo: number;
  hi: number;
}

/**
 * The histogram's bin of a value: bin k holds lo + k·w ≤ x < lo + (k+1)·w, w = (hi − lo) / bins,
 * the maximum in the last bin. Written the same way in the tests that check it.
 */
export function binSql(x: string, lo: number, hi: number): string {
  const k = `CAST(floor((${x} - ${double(lo)}) / ${double((hi - lo) / HISTOGRAM_BINS)}) AS INTEGER)`;
  // Not least/greatest: DuckDB's skip a NULL, which would count every missing value in bin 0.
  return `CASE WHEN ${k} < 0 THEN 0 WHEN ${k} > ${HISTOGRAM_BINS - 1} THEN ${HISTOGRAM_BINS - 1} ELSE ${k} END`;
}

/**
 * The columns to bin, from the first pass's minimum and maximum of each binned value (`lo`,
 * `hi`, absent for a column of another type): a constant column has no spread to draw, and an
 * infinite end (or NaN) no finite bins.
 */
export function binnedColumns(
  columns: ResultColumn[],
  ranges: Array<{ lo?: number | null; hi?: number | null }>,
): Binned[] {
  return columns.flatMap((col, index) => {
    const { lo, hi } = ranges[index] ?? {};
    if (typeof lo !== 'number' || typeof hi !== 'number' || !(hi > lo)) return [];
    if (!Number.isFinite(lo) || !Number.isFinite(hi) || !Number.isFinite(hi - lo)) return [];
    return [{ name: col.name, type: col.type, index, lo, hi }];
  });
}

/** A histogram's bins present and their counts, as HISTOGRAM_BINS counts (empty bins 0). */
export function binCounts(keys: unknown, counts: unknown): number[] | undefined {
  if (!keys || !counts) return undefined;
  const k = Array.from(keys as ArrayLike<unknown>, Number);
  const n = Array.from(counts as ArrayLike<unknown>, Number);
  const bins = new Array<number>(HISTOGRAM_BINS).fill(0);
  k.forEach((bin, j) => (bins[bin] = n[j] ?? 0));
  return bins;
}
