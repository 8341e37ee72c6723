/**
 * A chart the person drew of one of their own results and kept (issue 33, item 2: the person's
 * queries get "the same card … as Claude's"): Claude's charts are gathered in the Charts tab and
 * kept with the session, so a chart the person keeps is too, beside them, until they remove it.
 * Its spec carries its data inline, as quick-chart.ts makes it (no URL for the renderer to load).
 */
import { z } from 'zod';
import { queryId } from '../ids.ts';

/** A title longer than this is cut (kept-charts.svelte.ts): column names have no limit. */
export const OWN_CHART_TITLE_MAX = 1_000;

export const ownChartEvent = z.object({
  type: z.literal('own_chart'),
  /** Its own id, for taking it away again. */
  chartId: z.string().min(1).max(100),
  /**
   * Its number among the charts kept in the session (the report's `K2`), given when it is kept
   * and never again: a report already written places its charts by these numbers, so neither a
   * removal nor an event that could not be read back may renumber the others.
   */
  n: z.number().int().positive(),
  /** The person's query whose rows it draws. */
  queryId,
  title: z.string().max(OWN_CHART_TITLE_MAX),
  spec: z.record(z.string(), z.unknown()),
  at: z.number(),
});

export const ownChartRemovedEvent = z.object({
  type: z.literal('own_chart_removed'),
  chartId: z.string().min(1).max(100),
  at: z.number(),
});

export type OwnChartEvent = z.infer<typeof ownChartEvent>;

/** A kept chart as the page shows it: where it falls among the session's turns. */
export type OwnChart = Omit<OwnChartEvent, 'type'> & {
  /** How many turns had started when it was kept: it is shown after their charts. */
  afterTurns: number;
  /**
   * Taken out of the Charts tab by the person. Still known to the report, which may have placed
   * it already (`[[K1]]`), but not given to a new one, nor added at the end of an export.
   */
  removed: boolean;
};
