/**
 * A session's notebook as one DuckDB SQL script (issue 48): run by the DuckDB CLI beside the
 * session's files (`duckdb -f "Sales – notebook.sql"`), it makes each table as Sift read it and
 * each SQL cell a view of its name, in order — so the same analysis runs natively, on next
 * month's file or on one that outgrew the tab. The Jupyter export (notebook-ipynb.ts) runs the
 * same statements.
 */
import type { TableInfo } from '../data/engine.ts';
import { needsEncodings } from '../sql/recipe-sql.ts';
import { quoteIdent, quoteLiteral } from '../sql/sql-text.ts';
import type { NotebookDocument } from './notebook-markdown.ts';
import { body } from '../sql/notebook-sql.ts';
import { notOneStatement } from '../sql/sql-words.ts';

/** How one table is made natively: its statements in order, and what to know about them. */
export interface TableScript {
  name: string;
  fileName: string;
  statements: string[];
  notes: string[];
}

/**
 * The statements that make `table` from its file: those Sift recorded as it read the file (its
 * recipe: core/sql/recipe-sql.ts), else DuckDB's own reader of its format, said as such.
 */
export function tableScript(table: TableInfo): TableScript {
  const { name, fileName } = table;
  if (table.recipe?.length)
    return needsEncodings(table.recipe)
      ? {
          name,
          fileName,
          statements: ['INSTALL encodings', 'LOAD encodings', ...table.recipe],
          notes: [
            `DuckDB decodes ${fileName}'s code page with its encodings extension, which INSTALL downloads once (it needs the internet).`,
          ],
        }
      : { name, fileName, statements: table.recipe, notes: [] };
  const file = quoteLiteral(fileName);
  const make = (read: string) => `CREATE TABLE ${quoteIdent(name)} AS SELECT * FROM ${read}`;
  const own = `Sift read ${fileName} with its own reader; DuckDB's may type some columns otherwise.`;
  switch (table.format) {
    case 'parquet':
      return { name, fileName, statements: [make(`read_parquet(${file})`)], notes: [] };
    case 'json':
    case 'jsonl':
      return { name, fileName, statements: [make(`read_json(${file})`)], notes: [own] };
    case 'xlsx':
      return {
        name,
        fileName,
        statements: [
          'INSTALL excel',
          'LOAD excel',
          make(`read_xlsx(${file}${table.sheet ? `, sheet = ${quoteLiteral(table.sheet)}` : ''})`),
        ],
        notes: [
          own,
          'DuckDB reads workbooks with its excel extension, installed once from the network.',
        ],
      };
    default:
      return { name, fileName, statements: [make(`read_csv(${file})`)], notes: [own] };
  }
}

/**
 * Every SQL cell as a view of its name, in order (a later cell reads an earlier by its name), or
 * why it is left out: a cell that is not one statement (notOneStatement) is never written.
 */
export function cellViews(
  doc: Pick<NotebookDocument, 'cells'>,
): Array<{ name: string; view: string } | { name: string; left: string }> {
  return doc.cells
    .filter((c) => c.kind === 'sql' && c.source.trim())
    .map((c) => {
      const why = notOneStatement(c.source);
      return why
        ? { name: c.name, left: `cell ${c.name} is left out: ${why}` }
        : { name: c.name, view: `CREATE OR REPLACE VIEW ${c.name} AS\n${body(c.source)}` };
    });
}

/** The notebook as one `.sql` file for the DuckDB CLI. */
export function notebookSql(doc: NotebookDocument, tables: readonly TableScript[]): string {
  // Every line break DuckDB's lexer ends a comment at, a lone carriage return too (issue 46): a
  // file's name cannot step out of its comment into the script.
  const comment = (text: string) => text.split(/\r\n|\r|\n/).map((l) => `-- ${l}`.trimEnd());
  const out = [
    ...comment(
      `${doc.title.replace(/[\r\n]+/g, ' ')} — the notebook, exported from Sift on ${doc.at.toISOString().slice(0, 10)}.\nRun beside the session's files with the DuckDB CLI: duckdb -f "<this file>"`,
    ),
    '',
  ];
  for (const t of tables) {
    out.push(...comment(`${t.name}, from ${t.fileName}`), ...t.notes.flatMap(comment));
    for (const s of t.statements) out.push(`${body(s)};`);
    out.push('');
  }
  const names = new Map(doc.cells.map((c) => [c.name, c]));
  for (const cell of cellViews(doc)) {
    if ('left' in cell) {
      out.push(...comment(cell.left), '');
      continue;
    }
    const failed = names.get(cell.name)?.run?.isError ? ' (it failed in Sift)' : '';
    out.push(...comment(`cell ${cell.name}${failed}`), `${cell.view};`, `FROM ${cell.name};`, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
