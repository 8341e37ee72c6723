/**
 * The report's text cut where it places charts (`[[C2]]` or `[[K1]]` alone on a line), so the page and the
 * exports put each chart there. An id with no chart stays in the text, as the model wrote it.
 */
import type { ReportChart } from './report-charts.ts';

export type ReportSegment = { type: 'text'; text: string } | { type: 'chart'; chart: ReportChart };

/** C2: a chart of a turn; K1: one the person kept (report-charts.ts). */
const PLACE = /^[ \t]*\[\[([CK]\d+)\]\][ \t]*$/gm;

export function reportSegments(text: string, charts: readonly ReportChart[]): ReportSegment[] {
  const byId = new Map(charts.map((c) => [c.id, c]));
  const out: ReportSegment[] = [];
  let from = 0;
  for (const match of text.matchAll(PLACE)) {
    const chart = byId.get(match[1]!);
    if (!chart) continue;
    const before = text.slice(from, match.index);
    if (before.trim()) out.push({ type: 'text', text: before });
    out.push({ type: 'chart', chart });
    from = match.index + match[0].length;
  }
  const rest = text.slice(from);
  if (rest.trim()) out.push({ type: 'text', text: rest });
  return out;
}

/**
 * Charts the report did not place, in the session's order (the exports add them at the end),
 * less kept charts the person has removed.
 */
export function unplacedCharts(text: string, charts: readonly ReportChart[]): ReportChart[] {
  const placed = new Set(
    reportSegments(text, charts).flatMap((s) => (s.type === 'chart' ? [s.chart.id] : [])),
  );
  return charts.filter((c) => !placed.has(c.id) && !c.removed);
}
