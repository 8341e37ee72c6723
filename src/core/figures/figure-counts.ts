/** How many figures of a turn's answers were checked, misquoted or untraced: the turn's footer. */
import { checkFigures, type CitableQueries, type FigureState } from './check-figures.ts';
import { lastScopeStart } from './figures-in-text.ts';

/** Counts as the page marks: a streaming answer's last sentence is not counted yet. */
export function figureCounts(
  answers: ReadonlyArray<{ text: string; streaming: boolean }>,
  queries: CitableQueries,
): Record<FigureState, number> {
  const counts: Record<FigureState, number> = { checked: 0, mismatch: 0, untraced: 0 };
  for (const { text, streaming } of answers) {
    const open = streaming ? lastScopeStart(text) : Infinity;
    for (const f of checkFigures(text, queries).figures) if (f.start < open) counts[f.state]++;
  }
  return counts;
}
