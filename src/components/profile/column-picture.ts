/**
 * What the compact row of a profiled column draws: a histogram where the profile counted one, the
 * shares of the few values that make up much of the column, or — where the top values are each
 * counted about once (ids, timestamps, free text) — words saying so, since a list of values
 * "counted 1" tells nothing (issue 33). The values themselves stay in the column's details.
 */
import type { ColumnProfile } from '../../core/data/engine.ts';

export type Picture =
  | { kind: 'histogram'; bins: number[] }
  | { kind: 'shares'; values: Array<{ value: string; share: number }>; rest: number }
  | { kind: 'words'; text: string };

/** A value must hold at least this share of the column to be drawn as a share of it. */
export const COMMON_SHARE = 0.05;
/** At most this many distinct values: the column is a handful of categories, drawn as shares. */
export const FEW_VALUES = 8;

export function pictureOf(col: ColumnProfile): Picture {
  if (col.nonNullCount === 0) return { kind: 'words', text: 'all missing' };
  if (col.histogram?.length) return { kind: 'histogram', bins: col.histogram };
  // Counted in a sample: shares of the sample, which the details say.
  const base = col.typicalSample ?? col.nonNullCount;
  const top = col.typicalValues[0]?.count ?? 0;
  const few = col.uniqueCount <= FEW_VALUES && !col.uniqueApprox;
  if (top > 1 && (few || top / base >= COMMON_SHARE)) {
    const values = col.typicalValues.map((v) => ({
      value: v.value ?? 'NULL',
      share: Math.min(1, v.count / base),
    }));
    const shown = values.reduce((sum, v) => sum + v.share, 0);
    return { kind: 'shares', values, rest: Math.max(0, 1 - shown) };
  }
  // "All" only where the distinct count is exact; a sample's once-each values say "nearly".
  if (!col.uniqueApprox && col.uniqueCount === col.nonNullCount)
    return { kind: 'words', text: 'all distinct' };
  return { kind: 'words', text: top <= 1 ? 'nearly all distinct' : 'no common value' };
}
