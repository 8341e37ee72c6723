/**
 * The session's charts as the report knows them: numbered C1, C2, … in the order they were
 * drawn, so the report can place one with a `[[C2]]` line and the page and the exports can put
 * the chart there; the charts the person kept of their own queries follow as K1, K2, …
 * (core/events/own-chart.ts), numbered apart so that a later turn's chart renumbers none of them.
 */
import type { SessionView } from '../events/view-types.ts';

export interface ReportChart {
  id: string;
  /** The turn that drew it; null for a chart the person kept. */
  turnId: string | null;
  title: string;
  spec: Record<string, unknown>;
  /** The query the chart was drawn from, if it was. */
  queryId?: string;
  /**
   * A kept chart the person has since removed: placed where a report already written puts it,
   * but not given to a new report nor added at the end of an export.
   */
  removed?: true;
}

export function chartsOf(view: SessionView): ReportChart[] {
  let n = 0;
  const kept = view.ownCharts.map((c): ReportChart => ({
    id: `K${c.n}`,
    turnId: null,
    title: c.title,
    spec: c.spec,
    queryId: c.queryId,
    ...(c.removed ? { removed: true as const } : {}),
  }));
  const drawn = view.turns.flatMap((turn) =>
    turn.items.flatMap((item) =>
      item.type === 'plot'
        ? [
            {
              id: `C${++n}`,
              turnId: turn.id,
              title: item.title,
              spec: item.spec,
              ...(item.queryId === undefined ? {} : { queryId: item.queryId }),
            },
          ]
        : [],
    ),
  );
  return [...drawn, ...kept];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Mark, encodings and data of a chart in one line (and its rows, when `withData`). */
export function describeChart(chart: ReportChart, withData: boolean): string {
  const spec = chart.spec;
  const mark = isObj(spec.mark) ? spec.mark.type : spec.mark;
  const encoding = isObj(spec.encoding) ? spec.encoding : {};
  const channels = Object.entries(encoding)
    .filter(([, def]) => isObj(def))
    .map(([channel, def]) => {
      const d = def as Obj;
      const field = d.aggregate ? `${String(d.aggregate)}(${String(d.field ?? '*')})` : d.field;
      return `${channel}=${String(field ?? d.value ?? '…')}`;
    });
  const values = isObj(spec.data) && Array.isArray(spec.data.values) ? spec.data.values : [];
  const parts = [
    `"${chart.title}"`,
    `${typeof mark === 'string' ? mark : 'layered'} chart`,
    channels.length ? channels.join(', ') : null,
    `${values.length} data rows`,
    chart.queryId ? `drawn from ${chart.queryId}` : 'data typed in, not from a query',
    chart.turnId === null ? 'kept by the person' : null,
  ].filter(Boolean);
  const data =
    withData && values.length
      ? `\n  Data: ${values
          .slice(0, 20)
          .map((v) => JSON.stringify(v))
          .join(' ')}${values.length > 20 ? ' …' : ''}`
      : '';
  return parts.join('; ') + data;
}
