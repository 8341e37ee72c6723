/**
 * The charts the person keeps of their own results (core/events/own-chart.ts): kept with the
 * session shown as events, so they outlive a reload, go with an exported `.sift` and show in the
 * Charts tab beside the model's, until the person removes them.
 */
import { OWN_CHART_TITLE_MAX, ownChartEvent, type OwnChart } from '../core/events/own-chart.ts';
import type { QueryId } from '../core/ids.ts';
import type { SessionLog } from './session-log.svelte.ts';

/** The same chart: of the same query, drawn the same way from the same rows. */
const sameChart = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(a) === JSON.stringify(b);

export class KeptCharts {
  readonly #log: SessionLog;

  constructor(log: SessionLog) {
    this.#log = log;
  }

  /** The session's kept charts, oldest first, less those removed. */
  get list(): readonly OwnChart[] {
    return this.#log.view.ownCharts.filter((c) => !c.removed);
  }

  /** Whether this tab may keep or remove a chart: a follower tab only shows the session. */
  get writable(): boolean {
    return !this.#log.readOnly;
  }

  /** Whether this chart of query `queryId` is kept (and not removed since). */
  has(queryId: QueryId, spec: Record<string, unknown>): boolean {
    return this.#find(queryId, spec) !== undefined;
  }

  #find(queryId: QueryId, spec: Record<string, unknown>): OwnChart | undefined {
    return this.list.find((c) => c.queryId === queryId && sameChart(c.spec, spec));
  }

  /**
   * Keeps the chart of query `queryId`, once; its id, or null where nothing can be kept. The
   * event is checked as storage will check it when read back: one it would refuse (a title of
   * column names past the limit) would be lost at the next reload and refuse the export.
   */
  keep(queryId: QueryId, title: string, spec: Record<string, unknown>): string | null {
    const log = this.#log;
    if (log.readOnly || log.closed) return null;
    const kept = this.#find(queryId, spec);
    if (kept) return kept.chartId;
    const cut =
      title.length > OWN_CHART_TITLE_MAX ? `${title.slice(0, OWN_CHART_TITLE_MAX - 1)}…` : title;
    const event = ownChartEvent.safeParse({
      type: 'own_chart',
      chartId: `own-chart-${crypto.randomUUID()}`,
      // After every number given, removed charts' too (the view keeps them, marked).
      n: Math.max(0, ...log.view.ownCharts.map((c) => c.n)) + 1,
      queryId,
      title: cut,
      spec,
      at: Date.now(),
    });
    if (!event.success) return null;
    log.record(event.data);
    return event.data.chartId;
  }

  remove(chartId: string): void {
    const log = this.#log;
    if (log.readOnly || !this.list.some((c) => c.chartId === chartId)) return;
    log.record({ type: 'own_chart_removed', chartId, at: Date.now() });
  }
}
