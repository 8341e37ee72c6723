/**
 * A session's notebook as one Markdown file a person can keep in git and diff (issue 48): each
 * cell under its name — SQL in a `sql` fence with the first rows of its result as a table, text
 * as written with its findings' state beside each figure that did not hold, a chart as its
 * Vega-Lite spec after the same check a saved report's charts pass. Model, person and cell text
 * go through inertMarkdown (no image, raw HTML or fence of theirs survives a previewer).
 */
import { chartOfRows } from '../charts/chart-of-rows.ts';
import type { TableInfo } from '../data/engine.ts';
import type { CellView } from '../events/notebook.ts';
import type { Rechecked } from '../figures/recheck.ts';
import { fence, inertMarkdown } from './inert-markdown.ts';
import { annotated, markdownTable } from './report-document.ts';

/** Rows of a cell's result written in the file: enough to read, few enough to diff. */
export const NOTEBOOK_MD_ROWS = 20;
/** Rows a chart cell's spec may carry: as many as a cell keeps (state/notebook.svelte.ts). */
const CHART_ROWS = 1_000;

export interface NotebookDocument {
  title: string;
  tables: readonly Pick<TableInfo, 'name' | 'fileName' | 'rows'>[];
  cells: readonly CellView[];
  /** Each text cell's figures checked against the results now (Notebook.checks). */
  checks: ReadonlyMap<string, Rechecked>;
  at: Date;
}

const count = (n: number) => n.toLocaleString('en-US');

function sqlCell(c: CellView): string {
  const f = fence(c.source);
  const parts = [`${f}sql\n${c.source.trim()}\n${f}`];
  const run = c.run;
  if (!run) parts.push('_Not run._');
  else if (run.isError) parts.push(`_It failed:_ ${inertMarkdown(run.error ?? 'an error')}`);
  else {
    const total = run.rowCount ?? run.rows.length;
    const shown = run.rows.slice(0, NOTEBOOK_MD_ROWS);
    if (run.columns.length) parts.push(markdownTable(run.columns, shown));
    parts.push(
      `_${count(total)} ${total === 1 ? 'row' : 'rows'}${total > shown.length ? `; the first ${count(shown.length)} shown` : ''}._`,
    );
  }
  return parts.join('\n\n');
}

function textCell(c: CellView, checks: Rechecked | undefined): string {
  return inertMarkdown(annotated(c.source, checks?.figures ?? []).trim()) || '_Empty._';
}

function chartCell(c: CellView, cells: readonly CellView[]): string {
  const of = cells.find((o) => o.cellId === c.of);
  const from = of ? `Drawn from \`${of.name}\`.` : 'Its SQL cell is gone.';
  // The check a report's chart passes: a previewer that draws `vega-lite` fences would fetch a
  // URL a crafted `.sift` carried, or paint one from the data (report-document.ts).
  const rows = of?.run && !of.run.isError ? of.run : null;
  const chart = chartOfRows(c.source, rows, { paints: 'raw', maxRows: CHART_ROWS });
  if (!chart.ok) return `${from}\n\n_Its spec is left out: ${inertMarkdown(chart.reason)}._`;
  const text = JSON.stringify(chart.spec, null, 2);
  const f = fence(text);
  return `${from}\n\n${f}vega-lite\n${text}\n${f}`;
}

export function notebookMarkdown(doc: NotebookDocument): string {
  const tables = doc.tables
    .map((t) => `\`${t.name}\` (${inertMarkdown(t.fileName)}, ${count(t.rows)} rows)`)
    .join(', ');
  const findings = [...doc.checks.values()].reduce(
    (n, c) => ({ held: n.held + c.counts.checked, changed: n.changed + c.counts.changed }),
    { held: 0, changed: 0 },
  );
  const head = [
    `# ${inertMarkdown(doc.title)} — notebook`,
    `_Exported from Sift on ${doc.at.toISOString().slice(0, 10)}. Tables: ${tables || 'none'}._`,
  ];
  if (findings.held + findings.changed)
    head.push(
      `_Findings: ${findings.held} still ${findings.held === 1 ? 'holds' : 'hold'}, ${findings.changed} changed since written._`,
    );
  const cells = doc.cells.map((c) => {
    const body =
      c.kind === 'sql'
        ? sqlCell(c)
        : c.kind === 'text'
          ? textCell(c, doc.checks.get(c.cellId))
          : chartCell(c, doc.cells);
    return `## ${c.name}\n\n${body}`;
  });
  return `${[...head, ...cells].join('\n\n')}\n`;
}
