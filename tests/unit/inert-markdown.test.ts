// @vitest-environment jsdom
/**
 * The Markdown export read back as a previewer reads it (marked, GFM, raw HTML on — as GitHub,
 * VS Code and Obsidian render a file): no payload of the model or the data becomes an image, an
 * element or a fetch, and the report's own SQL and chart specs stay code (issue 27).
 */
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { inertMarkdown } from '../../src/core/report/inert-markdown.ts';
import { checkFigures } from '../../src/core/figures/check-figures.ts';
import {
  reportMarkdown,
  type ReportDocument,
  type ReportQuery,
} from '../../src/core/report/report-document.ts';
import { cellPayloads, markdownPayloads } from '../fixtures/injection.ts';
import { qid } from '../helpers/ids.ts';

const ORIGIN = 'http://127.0.0.1:9';
/** A previewer with no sanitiser of its own: raw HTML and images render. */
const previewer = new Marked({ gfm: true, async: false });

const ALLOWED = new Set(
  'p br hr strong em del code pre blockquote ul ol li h1 h2 h3 h4 h5 h6 table thead tbody tr th td a'.split(
    ' ',
  ),
);

/** The elements a previewer would make of `md` that could fetch, run or style anything. */
function live(md: string): string[] {
  const box = document.createElement('div');
  box.innerHTML = previewer.parse(md, { async: false });
  const found: string[] = [];
  for (const el of box.querySelectorAll('*')) {
    if (!ALLOWED.has(el.localName)) found.push(`<${el.localName}>`);
    for (const { name } of el.attributes)
      if (!['href', 'class', 'align', 'title', 'start'].includes(name))
        found.push(`${name} on <${el.localName}>`);
  }
  return found;
}

function query(id: string, sql: string, description: string): ReportQuery {
  return {
    type: 'query_result',
    id,
    queryId: qid(id),
    description,
    query: sql,
    running: false,
    columns: ['note'],
    // The data's own payloads, which the appendix shows as the query's rows.
    rows: cellPayloads(ORIGIN).map((c) => [c]),
    rowCount: cellPayloads(ORIGIN).length,
    truncated: false,
    durationMs: 1,
    isError: false,
  };
}

describe('inertMarkdown', () => {
  it.each(markdownPayloads(ORIGIN))('%s: nothing live when previewed', (_name, payload) => {
    expect(live(inertMarkdown(payload))).toEqual([]);
  });

  it.each(cellPayloads(ORIGIN).map((c) => [c]))('a cell %s: nothing live', (cell) => {
    expect(live(inertMarkdown(cell))).toEqual([]);
  });

  it('names an image as the page does, and keeps links, autolinks and ordinary text', () => {
    const md = inertMarkdown(
      `Rain ![chart](${ORIGIN}/c.png?d=1 "t") fell, see [docs](https://example.com/a) or <https://example.com/b>; 3 < 4 and a<=b.`,
    );
    const box = document.createElement('div');
    box.innerHTML = previewer.parse(md, { async: false });
    expect(box.textContent?.trim()).toBe(
      `Rain [image: chart] (${ORIGIN}/c.png?d=1) fell, see docs or https://example.com/b; 3 < 4 and a<=b.`,
    );
    // (GFM makes the named image's bare address a link: a link is followed only when clicked.)
    expect([...box.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      `${ORIGIN}/c.png?d=1`,
      'https://example.com/a',
      'https://example.com/b',
    ]);
  });
});

describe('the Markdown export', () => {
  const sql =
    "SELECT note FROM data WHERE note <> '' AND '<img src=\"x\">' IS NOT NULL\n```\n<img>";
  const doc = (text: string): ReportDocument => ({
    title: 'Notes',
    datasets: [{ name: 'data', fileName: `<img src="${ORIGIN}/file">.csv`, rows: 1, columns: 1 }],
    date: '2026-11-26',
    segments: [{ type: 'text', text }],
    otherCharts: [
      {
        id: 'C1',
        turnId: 't1',
        title: `![t](${ORIGIN}/chart-title)`,
        spec: { mark: 'bar', data: { values: [{ note: `<img src="${ORIGIN}/spec">` }] } },
      },
    ],
    tables: [
      {
        type: 'table',
        id: 'x',
        title: `<img src="${ORIGIN}/table-title">`,
        headers: [`<b>h</b>`],
        rows: [[`![c](${ORIGIN}/table-cell)`]],
      } as ReportDocument['tables'][number],
    ],
    validations: [
      {
        type: 'validation',
        id: 'v1',
        finding: `<img src="${ORIGIN}/finding"> matters`,
        verdict: 'weak',
        checks: [{ label: 'Difference', text: `![d](${ORIGIN}/check)`, verdict: 'weak' }],
      },
    ],
    queries: [query('Q1', sql, `<img src="${ORIGIN}/description">`)],
    figures: checkFigures(text, new Map()),
    segmentFigures: [checkFigures(text, new Map()).figures],
  });

  it('holds nothing live, whatever the model wrote', () => {
    const text = markdownPayloads(ORIGIN)
      .map(([, md]) => md)
      .join('\n\n');
    expect(live(reportMarkdown(doc(`# Notes\n\n${text}`)))).toEqual([]);
  });

  it('an unclosed fence in the report text cannot turn its queries into Markdown', () => {
    // The query holds a line of backticks that would close a fence opened in the text before it.
    for (const opener of ['```', '~~~', '````', '- a\n  ```']) {
      const md = reportMarkdown(doc(`# Notes\n\nSee below.\n\n${opener}\n`));
      expect(live(md)).toEqual([]);
      const box = document.createElement('div');
      box.innerHTML = previewer.parse(md, { async: false });
      expect(box.querySelector('code.language-sql')?.textContent).toBe(`${sql}\n`);
    }
  });
});
