/**
 * What an exported report holds besides its text: the title, the datasets with their row counts,
 * the date, the charts in their places (or after the text), the tables shown, and an appendix
 * with every query. Shared by the Markdown export (here) and the HTML one (adapters/report-html.ts).
 */
import type { TableInfo } from '../data/engine.ts';
import type { ItemView, SessionView } from '../events/view-types.ts';
import { asQueryItem } from '../events/own-query.ts';
import {
  checkFigures,
  type CheckedFigure,
  type CitableQueries,
  type FigureChecks,
} from '../figures/check-figures.ts';
import { figuresInText } from '../figures/figures-in-text.ts';
import { checkPlotSpec } from '../charts/plot-spec.ts';
import { placesNeeded } from '../data/number-places.ts';
import { guarded } from '../data/csv.ts';
import { fence, inertMarkdown } from './inert-markdown.ts';
import { chartsOf, type ReportChart } from './report-charts.ts';
import { reportSegments, unplacedCharts, type ReportSegment } from './report-segments.ts';

export type ReportQuery = Extract<ItemView, { type: 'query_result' }>;
export type ReportTable = Extract<ItemView, { type: 'table' }>;
export type ReportValidation = Extract<ItemView, { type: 'validation' }>;

export interface ReportDocument {
  title: string;
  datasets: Array<{ name: string; fileName: string; rows: number; columns: number }>;
  /** The day the file was made, as YYYY-MM-DD. */
  date: string;
  segments: ReportSegment[];
  /** Charts of the session the report text did not place. */
  otherCharts: ReportChart[];
  tables: ReportTable[];
  /** Every finding checked against the data, whatever its verdict (holds, weak, contradicted). */
  validations: ReportValidation[];
  queries: ReportQuery[];
  /** The report text's figures against the queries they cite (core/figures). */
  figures: FigureChecks;
  /** The same figures by segment (none for a chart), for the HTML export to mark in place. */
  segmentFigures: CheckedFigure[][];
}

/**
 * The figures of each text segment, checked as parts of one report: when the report cites
 * anywhere, a segment that cites nothing has its figures counted as not traced.
 */
function reportFigures(
  segments: readonly ReportSegment[],
  queries: CitableQueries,
  text: string,
): Pick<ReportDocument, 'figures' | 'segmentFigures'> {
  const partOfCiting = figuresInText(text).citations.length > 0;
  const segmentFigures = segments.map((s) =>
    s.type === 'text' ? checkFigures(s.text, queries, { partOfCiting }).figures : [],
  );
  const all = segmentFigures.flat();
  const counts = { checked: 0, mismatch: 0, untraced: 0, changed: 0 };
  for (const f of all) counts[f.state]++;
  return { figures: { figures: all, counts }, segmentFigures };
}

/** The session's successful queries by id, for citations and figure checks. */
export function reportQueries(doc: Pick<ReportDocument, 'queries'>): CitableQueries {
  const byId = new Map(
    doc.queries.flatMap((q) =>
      q.queryId && !q.isError
        ? [[q.queryId, { columns: q.columns, rows: q.rows, rowCount: q.rowCount }] as const]
        : [],
    ),
  );
  return byId;
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
  const queries = [
    ...items.filter((i): i is ReportQuery => i.type === 'query_result' && !i.running),
    ...view.ownQueries.map(asQueryItem),
  ];
  const segments = reportSegments(report.text, charts);
  return {
    title: heading ?? view.title ?? 'Report',
    datasets: tables.map((t) => ({
      name: t.name,
      fileName: t.fileName,
      rows: t.rows,
      columns: t.columns.length,
    })),
    date: now.toISOString().slice(0, 10),
    segments,
    otherCharts: unplacedCharts(report.text, charts),
    tables: items.filter((i): i is ReportTable => i.type === 'table'),
    validations: items.filter((i): i is ReportValidation => i.type === 'validation'),
    queries,
    ...reportFigures(segments, reportQueries({ queries }), report.text),
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
  const kept = q.rows.length < n ? ` (the first ${count(q.rows.length)} shown)` : '';
  return `${count(n)} row${n === 1 ? '' : 's'}${kept}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The line saying how the report's figures fared; null when it cites no query. */
export function figuresLine(doc: ReportDocument): string | null {
  const { checked, mismatch, untraced } = doc.figures.counts;
  if (!checked && !mismatch && !untraced) return null;
  const parts = [`${plural(checked, 'figure', 'figures')} checked against the queries they cite`];
  if (mismatch) parts.push(`${plural(mismatch, 'figure', 'figures')} not in the cited query`);
  if (untraced) parts.push(`${untraced} not traced to a query`);
  return `${parts.join(' · ')}.`;
}

/** A checked finding in words: the finding, its verdict, and each check with its figures. */
export function validationLines(v: ReportValidation): { head: string; checks: string[] } {
  return {
    head: `${VERDICT[v.verdict]}: ${v.finding}`,
    checks: v.checks.map((c) => `${c.label} (${VERDICT[c.verdict].toLowerCase()}): ${c.text}`),
  };
}

const VERDICT: Record<ReportValidation['verdict'], string> = {
  holds: 'Holds',
  weak: 'Weak',
  contradicted: 'Contradicted',
};

/**
 * The text with each figure's state said where a reader of the file meets it: a figure not in
 * its cited query or traced to none gets a note in italics after it ("60% _(not in Q1)_"); a
 * checked one stays as written (the line under the title counts them).
 */
export function annotated(
  text: string,
  figures: readonly (CheckedFigure & { now?: string })[],
): string {
  let out = text;
  for (const f of [...figures].sort((a, b) => b.end - a.end)) {
    if (f.state === 'checked') continue;
    const note =
      f.state === 'changed'
        ? `now ${f.now ?? '?'}`
        : f.state === 'mismatch'
          ? f.found === null && /can no longer be checked/.test(f.note)
            ? f.note.replace(/^.*?can no longer be checked: /, 'can no longer be checked: ')
            : `not in ${f.queries.join(', ')}`
          : 'not traced';
    out = `${out.slice(0, f.end)} _(${note})_${out.slice(f.end)}`;
  }
  return out;
}

// A backslash is escaped first, so that a cell's own `\|` cannot undo the pipe's escape. A text
// that a sheet would run once the table is pasted into one is guarded as the CSV's is.
const cell = (v: unknown) =>
  inertMarkdown(
    (v === null ? '' : typeof v === 'string' ? guarded(v) : String(v))
      .replace(/\\/g, '\\\\')
      .replace(/\|/g, '\\|')
      .replace(/\r?\n/g, ' '),
  );

export function markdownTable(headers: string[], rows: unknown[][]): string {
  // Each column of numbers with the same places, as the page shows it (issue 45): 845656.00
  // beside 953524.78, not 845656.
  const places = headers.map((_, c) => {
    const column = rows.map((r) => r[c]);
    return column.every((v) => v === null || typeof v === 'number')
      ? placesNeeded(column as Array<number | null>)
      : null;
  });
  const shown = (v: unknown, c: number) =>
    typeof v === 'number' && places[c] && Math.abs(v) < 1e21 ? v.toFixed(places[c]) : v;
  return [
    `| ${headers.map(cell).join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map((v, c) => cell(shown(v, c))).join(' | ')} |`),
  ].join('\n');
}

const chartSource = (chart: ReportChart) =>
  chart.turnId === null
    ? `kept by the person from their query ${chart.queryId ?? ''}`.trim()
    : chart.queryId
      ? `data from ${chart.queryId}`
      : 'data typed in, not from a query';

/**
 * A chart where the text places it: its name and source, and where its spec is. The spec itself
 * (often hundreds of lines of data) is in the appendix, out of the prose.
 */
function markdownChartRef(chart: ReportChart): string {
  return `**Chart ${chart.id}: ${inertMarkdown(chart.title)}** (${chartSource(chart)}; its Vega-Lite spec is in the appendix, _Charts_)`;
}

/** A chart as a fenced Vega-Lite spec: readable as text, drawable by any Vega-Lite viewer. */
function markdownChart(chart: ReportChart): string {
  const head = `### Chart ${chart.id}: ${inertMarkdown(chart.title)}\n\n${inertMarkdown(chartSource(chart))}`;
  // The same check the page draws with: a previewer that draws `vega-lite` fences would fetch a
  // `data.url` or a crafted paint a `.sift` carried in (issue 46).
  const checked = checkPlotSpec(
    { title: chart.title, ...chart.spec },
    { maxRows: SPEC_MAX_ROWS, paints: 'raw' },
  );
  if (!checked.ok) return `${head}\n\n_Its spec is left out: ${inertMarkdown(checked.reason)}_`;
  const spec = JSON.stringify(checked.spec, null, 2);
  const f = fence(spec);
  return `${head}\n\n${f}vega-lite\n${spec}\n${f}`;
}

/** Rows a chart's spec may hold in the file: as many as the page draws (adapters/vega.ts). */
const SPEC_MAX_ROWS = 10_000;

/**
 * The report as one Markdown file; charts as fenced `vega-lite` specs. Every text from the model
 * or the data goes through `inertMarkdown` (no image, raw HTML or code fence of theirs survives);
 * only the fences written here hold code.
 */
export function reportMarkdown(doc: ReportDocument): string {
  const parts: string[] = [];
  for (const [i, s] of doc.segments.entries())
    parts.push(
      s.type === 'text'
        ? inertMarkdown(annotated(s.text, doc.segmentFigures[i] ?? []).trim())
        : markdownChartRef(s.chart),
    );
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
  const figures = figuresLine(doc);
  if (figures) {
    const wrong = doc.figures.figures.filter((f) => f.state === 'mismatch');
    parts.splice(
      parts.findIndex((p) => p.startsWith('_Data:')) + 1,
      0,
      [`_${inertMarkdown(figures)}_`, ...wrong.map((f) => `- ${inertMarkdown(f.note)}`)].join(
        '\n\n',
      ),
    );
  }
  if (doc.otherCharts.length)
    parts.push('## Other charts of the session', ...doc.otherCharts.map(markdownChartRef));
  if (doc.validations.length)
    parts.push(
      '## Findings checked against the data',
      ...doc.validations.map((v) => {
        const { head, checks } = validationLines(v);
        return [
          `- **${inertMarkdown(head)}**`,
          ...checks.map((c) => `  - ${inertMarkdown(c)}`),
        ].join('\n');
      }),
    );
  const charts = [
    ...doc.segments.flatMap((s) => (s.type === 'chart' ? [s.chart] : [])),
    ...doc.otherCharts,
  ];
  if (charts.length) parts.push('## Appendix: charts', ...charts.map(markdownChart));
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
      const rows = !q.isError && q.columns.length ? `\n\n${markdownTable(q.columns, q.rows)}` : '';
      return `### ${inertMarkdown(heading)}\n\n${inertMarkdown(queryRows(q))}\n\n${f}sql\n${q.query}\n${f}${rows}`;
    }),
  );
  return `${parts.join('\n\n')}\n`;
}
