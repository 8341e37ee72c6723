/**
 * A chart the person drew of one of their own results and kept (issue 33, item 2: the person's
 * queries get "the same card … as Claude's"): Claude's charts are gathered in the Charts tab and
 * kept with the session, so a chart the person keeps is too, beside them, until they remove it.
 * Its spec carries its data inline, as quick-chart.ts makes it (no URL for the renderer to load).
 */
import { z } from 'zod';
import { queryId } from '../ids.ts';

export const ownChartEvent = z.object({
  type: z.literal('own_chart'),
  /** Its own id, for taking it away again. */
  chartId: z.string().min(1).max(100),
  /** The person's query whose rows it draws. */
  queryId,
  title: z.string().max(1_000),
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
   * Its number among the charts kept in the session (the report's `K2`), never given again when
   * one is removed: a report already written places its charts by these numbers.
   */
  n: number;
};
