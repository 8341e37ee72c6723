/**
 * A session's notebook as a Jupyter notebook (nbformat 4.5, issue 48), runnable with only the
 * `duckdb` Python package beside the session's files: a setup cell that reads each file as Sift
 * read it (the statements of its native script: notebook-script.ts), a code cell per SQL cell
 * making it a view of its name (so later cells read it, as in Sift), Markdown cells for text
 * (made inert: JupyterLab renders raw HTML and loads images), and a chart cell that draws its
 * Vega-Lite spec from its view, its output already there for JupyterLab to draw unopened.
 */
import { chartOfRows } from '../charts/chart-of-rows.ts';
import type { CellView } from '../events/notebook.ts';
import { inertMarkdown } from './inert-markdown.ts';
import type { NotebookDocument } from './notebook-markdown.ts';
import { annotated } from './report-document.ts';
import type { TableScript } from './notebook-script.ts';
import { body } from '../sql/notebook-sql.ts';
import { notOneStatement } from '../sql/sql-words.ts';

/** JupyterLab's renderer for Vega-Lite output (@jupyterlab/vega5-extension). */
export const VEGA_LITE_MIME = 'application/vnd.vegalite.v5+json';
/** Rows a chart cell's output may carry: as many as a cell keeps. */
const CHART_ROWS = 1_000;

type Source = string[];
interface Cell {
  id: string;
  cell_type: 'markdown' | 'code';
  metadata: Record<string, never>;
  source: Source;
  execution_count?: null;
  outputs?: unknown[];
}

/** nbformat keeps a cell's text as lines, each with its line end but the last. */
const lines = (text: string): Source => text.split(/(?<=\n)/);

/** `text` as a Python string literal: triple-quoted where it can be, else JSON's (valid Python). */
export function pythonString(text: string): string {
  // A carriage return in a triple-quoted string would be read as \n (Python's universal newlines).
  return /"""|\\|"$|\r/.test(text) ? JSON.stringify(text) : `"""${text}"""`;
}

const markdown = (id: string, text: string): Cell => ({
  id,
  cell_type: 'markdown',
  metadata: {},
  source: lines(text),
});

const code = (id: string, text: string, outputs: unknown[] = []): Cell => ({
  id,
  cell_type: 'code',
  metadata: {},
  execution_count: null,
  outputs,
  source: lines(text),
});

/** A cell's id as nbformat allows it (1–64 of letters, digits, - and _), unique in the file. */
function idOf(cell: CellView, n: number): string {
  return `${n}-${cell.name}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/** `text` on one line of a Python comment: Python ends a line at \r as at \n. */
const oneLine = (text: string) => text.replace(/[\r\n\f\v\u2028\u2029\u0085]+/g, ' ');

function setup(doc: NotebookDocument, tables: readonly TableScript[]): string {
  const files = oneLine(tables.map((t) => t.fileName).join(', '));
  const out = [
    `# Made by Sift on ${doc.at.toISOString().slice(0, 10)}. Run beside the session's files${files ? `: ${files}` : ''}.`,
    '# Needs only the duckdb package (pip install duckdb).',
    'import json',
    'import duckdb',
    '',
    'con = duckdb.connect()',
  ];
  for (const t of tables) {
    out.push('', ...t.notes.map((n) => `# ${oneLine(n)}`));
    for (const s of t.statements) out.push(`con.sql(${pythonString(s)})`);
  }
  return out.join('\n');
}

function chartCell(c: CellView, cells: readonly CellView[], id: string): Cell {
  const of = cells.find((o) => o.cellId === c.of && o.kind === 'sql');
  if (!of) return markdown(id, `_Chart ${c.name}: its SQL cell is gone._`);
  // The same check the Markdown file's charts pass: JupyterLab draws what the file carries.
  const rows = of.run && !of.run.isError ? of.run : null;
  const checked = chartOfRows(c.source, rows, { paints: 'raw', maxRows: CHART_ROWS });
  if (!checked.ok)
    return markdown(id, `_Chart ${c.name} is left out: ${inertMarkdown(checked.reason)}._`);
  const { data: _drawn, ...withoutData } = checked.spec;
  const text = [
    `# ${c.name}: drawn from ${of.name}`,
    `rel = con.sql(${pythonString(`FROM ${of.name}`)})`,
    'rows = json.loads(json.dumps([dict(zip(rel.columns, r)) for r in rel.fetchall()], default=str))',
    `spec = json.loads(${JSON.stringify(JSON.stringify(withoutData))})`,
    'spec["data"] = {"values": rows}',
    'from IPython.display import display',
    `display({${JSON.stringify(VEGA_LITE_MIME)}: spec}, raw=True)`,
  ].join('\n');
  const output = {
    output_type: 'display_data',
    metadata: {},
    data: { [VEGA_LITE_MIME]: checked.spec },
  };
  return code(id, text, [output]);
}

/** The notebook as an `.ipynb` file's JSON. */
export function notebookIpynb(doc: NotebookDocument, tables: readonly TableScript[]): string {
  const cells: Cell[] = [
    markdown(
      'title',
      `# ${inertMarkdown(doc.title)} — notebook\n\n_Exported from Sift. Run the first cell beside the files it names._`,
    ),
    code('setup', setup(doc, tables)),
  ];
  doc.cells.forEach((c, n) => {
    const id = idOf(c, n + 1);
    if (c.kind === 'sql') {
      // One statement only: `con.sql` runs every statement it is given (notebook-sql.ts).
      const why = notOneStatement(c.source);
      if (why) {
        cells.push(markdown(id, `_Cell ${c.name} is left out: ${why}._`));
        return;
      }
      const view = `CREATE OR REPLACE VIEW ${c.name} AS\n${body(c.source)}`;
      cells.push(
        code(
          id,
          `# ${c.name}\ncon.sql(${pythonString(view)})\ncon.sql(${pythonString(`FROM ${c.name}`)})`,
        ),
      );
    } else if (c.kind === 'text')
      cells.push(
        markdown(
          id,
          inertMarkdown(annotated(c.source, doc.checks.get(c.cellId)?.figures ?? []).trim()) ||
            '_Empty._',
        ),
      );
    else cells.push(chartCell(c, doc.cells, id));
  });
  const notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
    },
    cells,
  };
  return `${JSON.stringify(notebook, null, 1)}\n`;
}
