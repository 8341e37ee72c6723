/**
 * A chart (create_plot), drawn from a query's rows or from data typed in. The report names the
 * session's charts itself (report/report-charts.ts), so this kind gives it nothing more.
 */
import { z } from 'zod';
import { queryId, turnId } from '../ids.ts';
import { defineItem, type Fields } from './item-kind.ts';

export const plotEvent = z.object({
  type: z.literal('plot'),
  turnId,
  callId: z.string(),
  title: z.string(),
  spec: z.record(z.string(), z.unknown()),
  /** The query whose rows the chart draws; absent when the model typed the data in. */
  queryId: queryId.optional(),
  /** The call id of a chart this one replaces (a fix after looking at it). */
  replaces: z.string().optional(),
});

/** The chart shown; which chart it replaced is the event's business, not the page's. */
export type PlotItem = { type: 'plot'; id: string } & Omit<
  Fields<z.infer<typeof plotEvent>>,
  'replaces'
>;

export const plotItem = defineItem({
  type: 'plot',
  event: plotEvent,
  item: (e): PlotItem => ({
    type: 'plot',
    id: e.callId,
    title: e.title,
    spec: e.spec,
    ...(e.queryId === undefined ? {} : { queryId: e.queryId }),
  }),
  // A fixed chart takes the place of the one it replaces.
  replaces: (items, e) => items.findIndex((i) => i.type === 'plot' && i.id === e.replaces),
  call: () => ({ status: 'done' }),
  row: (e) => ({
    role: 'assistant',
    type: 'plot',
    text: e.title,
    payload: { title: e.title, vega_lite_spec: e.spec },
  }),
});
