/**
 * The charts the person keeps of their own results (core/events/own-chart.ts): kept with the
 * session shown as events, so they outlive a reload, go with an exported `.sift` and show in the
 * Charts tab beside the model's, until the person removes them.
 */
import type { OwnChart } from '../core/events/own-chart.ts';
import type { QueryId } from '../core/ids.ts';
import type { ShownLog } from './shown-log.svelte.ts';

export class KeptCharts {
  readonly #shown: ShownLog;

  constructor(shown: ShownLog) {
    this.#shown = shown;
  }

  /** The session's kept charts, oldest first. */
  get list(): readonly OwnChart[] {
    return this.#shown.log.view.ownCharts;
  }

  /** Whether this tab may keep or remove a chart: a follower tab only shows the session. */
  get writable(): boolean {
    return !this.#shown.log.readOnly;
  }

  /** Keeps the chart of query `queryId`; its id, or null where nothing can be kept. */
  keep(queryId: QueryId, title: string, spec: Record<string, unknown>): string | null {
    const log = this.#shown.log;
    if (log.readOnly || log.closed) return null;
    const chartId = `own-chart-${crypto.randomUUID()}`;
    log.record({ type: 'own_chart', chartId, queryId, title, spec, at: Date.now() });
    return chartId;
  }

  remove(chartId: string): void {
    const log = this.#shown.log;
    if (log.readOnly || !this.list.some((c) => c.chartId === chartId)) return;
    log.record({ type: 'own_chart_removed', chartId, at: Date.now() });
  }
}
