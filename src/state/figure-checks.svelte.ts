/**
 * The figures of a session's answers, each checked against the results of the queries it cites
 * (core/figures/check-figures.ts), as state of the session's scope (session-scope.svelte.ts):
 * the answer's marks and its turn's footer read the same check, made once per change of the
 * text or of a result it may cite — not once by each view (issue 47).
 */
import type { SessionView } from '../core/events/view.ts';
import type { TurnView } from '../core/events/view-types.ts';
import { citableQueries } from '../core/events/query-ids.ts';
import {
  checkFigures,
  type CheckedFigure,
  type CitableQueries,
  type FigureState,
} from '../core/figures/check-figures.ts';
import { lastScopeStart } from '../core/figures/figures-in-text.ts';

/** Texts whose checks are kept: a streaming answer makes a new text at each delta. */
const KEPT_TEXTS = 200;

export class FigureChecks {
  readonly #view: () => SessionView;
  #cited: ReturnType<typeof citableQueries> | undefined;
  /** The session's queries that ran: the same map while their results are the same. */
  readonly queries = $derived.by(() => (this.#cited = citableQueries(this.#view(), this.#cited)));
  /** Checks by text, made against `#for`; emptied when a result changes. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a cache, never shown
  readonly #checked = new Map<string, CheckedFigure[]>();
  #for: CitableQueries | undefined;

  constructor(view: () => SessionView) {
    this.#view = view;
  }

  /** The figures of `text` as checked; a streaming answer's sentence being written is left out. */
  of(text: string, streaming = false): CheckedFigure[] {
    const queries = this.queries;
    if (queries !== this.#for) {
      this.#checked.clear();
      this.#for = queries;
    }
    let figures = this.#checked.get(text);
    if (!figures) {
      figures = checkFigures(text, queries).figures;
      if (this.#checked.size >= KEPT_TEXTS)
        this.#checked.delete(this.#checked.keys().next().value!);
      this.#checked.set(text, figures);
    }
    const open = streaming ? lastScopeStart(text) : Infinity;
    return figures.filter((f) => f.start < open);
  }

  /** How many figures of a turn's answers were checked, misquoted or untraced: its footer. */
  counts(turn: TurnView): Record<FigureState, number> {
    const counts: Record<FigureState, number> = {
      checked: 0,
      mismatch: 0,
      untraced: 0,
      changed: 0,
    };
    for (const i of turn.items)
      if (i.type === 'text') for (const f of this.of(i.text, i.draft)) counts[f.state]++;
    return counts;
  }
}
