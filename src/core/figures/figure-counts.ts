/** How many figures of a turn's answers were checked, misquoted or untraced: the turn's footer. */
import { checkFigures, type CitableQueries, type FigureState } from './check-figures.ts';

export function figureCounts(
  texts: readonly string[],
  queries: CitableQueries,
): Record<FigureState, number> {
  const counts: Record<FigureState, number> = { checked: 0, mismatch: 0, untraced: 0 };
  for (const text of texts) {
    const found = checkFigures(text, queries).counts;
    for (const state of ['checked', 'mismatch', 'untraced'] as const) counts[state] += found[state];
  }
  return counts;
}
