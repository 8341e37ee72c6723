/**
 * What an exported report holds besides its text: the title, the datasets with their row counts,
 * the date, the charts in their places (or after the text), the tables shown, and an appendix
 * with every query. Shared by the Markdown export (here) and the HTML one (adapters/report-html.ts).
 */
import type { TableInfo } from '../data/engine.ts';
import type { ItemView, SessionView } from '../events/view-types.ts';
import { inertMarkdown } from './inert-markdown.ts';
import { chartsOf, type ReportChart } from './report-charts.ts';
import { reportSegments, unplacedCharts, type ReportSegment } from './report-segments.ts';

export type ReportQuery = Extract<ItemView, { type: 'query_result' }>;
export type ReportTable = Extract<ItemView, { type: 'table' }>;

export interface ReportDocument {
  title: string;
  datasets: Array<{ name: string; fileName: string; rows: number; columns: number }>;
  /** The day the file was made, as YYYY-MM-DD. */
  date: string;
  segments: ReportSegment[];
  /** Charts of the session the report text did not place. */
  otherCharts: ReportChart[];
  tables: ReportTable[];
  queries: ReportQuery[];
}

export function reportDocument(
  view: SessionView,
  tables: readonly TableInfo[],
  now: Date,
): ReportDocument | null {
  const report = view.report;
  if (!report?.text.trim()) return null;
  const charts = chartsOf(view);
  const heading = /^#\s+(.+)$/m.exec(report.text)?.[1]?.trim();
  const items = view.turns.flatMap((t) => t.items);
  return {
    title: heading ?? view.title ?? 'Report',
    datasets: tables.map((t) => ({
      name: t.name,
      fileName: t.fileName,
      rows: t.rows,
      columns: t.columns.length,
    })),
    date: now.toISOString().slice(0, 10),
    segments: reportSegments(report.text, charts),
    otherCharts: unplacedCharts(report.text, charts),
    tables: items.filter((i): i is ReportTable => i.type === 'table'),
    queries: items.filter((i): i is ReportQuery => i.type === 'query_result' && !i.running),
  };
}

const count = (n: number) => n.toLocaleString('en-US');

export function datasetLine(doc: ReportDocument): string {
  const sets = doc.datasets.map(
    (d) => `${d.fileName} (table ${d.name}: ${count(d.rows)} rows × ${d.columns} columns)`,
  );
  return `Data: ${sets.join('; ') || 'none'} · Made with Sift on ${doc.date}`;
}

export function queryRows(q: ReportQuery): string {
  if (q.isError) return `failed: ${q.error ?? 'error'}`;
  const n = q.rowCount ?? q.rows.length;
  return `${count(n)} row${n === 1 ? '' : 's'}`;
}

/** A fence longer than any run of backticks in `text`, so the text cannot close it. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

const cell = (v: unknown) =>
  inertMarkdown((v === null ? '' : String(v)).replace(/\|/g, '\\|').replace(/\r?\n/g, ' '));

function markdownTable(headers: string[], rows: unknown[][]): string {
  return [
    `| ${headers.map(cell).join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** A chart as a fenced Vega-Lite spec: readable as text, drawable by any Vega-Lite viewer. */
function markdownChart(chart: ReportChart): string {
  const spec = JSON.stringify({ title: chart.title, ...chart.spec }, null, 2);
  const f = fence(spec);
  const source = chart.queryId ? `data from ${chart.queryId}` : 'data typed in, not from a query';
  return `**Chart ${chart.id}: ${inertMarkdown(chart.title)}** (${source})\n\n${f}vega-lite\n${spec}\n${f}`;
}

/**
 * The report as one Markdown file; charts as fenced `vega-lite` specs. Every text from the model
 * or the data goes through `inertMarkdown` (no image, raw HTML or code fence of theirs survives);
 * only the fences written here hold code.
 */
export function reportMarkdown(doc: ReportDocument): string {
  const parts: string[] = [];
  for (const s of doc.segments)
    parts.push(s.type === 'text' ? inertMarkdown(s.text.trim()) : markdownChart(s.chart));
  // The data line goes under the report's own title, or first when it has none.
  const title = /^#\s.*\n/.exec(parts[0] ?? '');
  if (title)
    parts.splice(
      0,
      1,
      title[0].trim(),
      `_${inertMarkdown(datasetLine(doc))}_`,
      parts[0]!.slice(title[0].length).trim(),
    );
  else parts.unshift(`_${inertMarkdown(datasetLine(doc))}_`);
  if (doc.otherCharts.length)
    parts.push('## Other charts of the session', ...doc.otherCharts.map(markdownChart));
  if (doc.tables.length)
    parts.push(
      '## Appendix: tables',
      ...doc.tables.map(
        (t) => `### ${inertMarkdown(t.title)}\n\n${markdownTable(t.headers, t.rows)}`,
      ),
    );
  parts.push(
    '## Appendix: queries',
    ...doc.queries.map((q) => {
      const f = fence(q.query);
      const heading = `${q.queryId ?? 'Query'} — ${q.description}`;
      return `### ${inertMarkdown(heading)}\n\n${inertMarkdown(queryRows(q))}\n\n${f}sql\n${q.query}\n${f}`;
    }),
  );
  return `${parts.join('\n\n')}\n`;
}
