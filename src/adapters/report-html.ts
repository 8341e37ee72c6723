/**
 * The report as one self-contained HTML file: its text through the same Markdown sanitiser as
 * the page, its charts as SVG from the same checked, URL-refusing Vega path (scrubbed again for
 * saving), the tables shown, and an appendix with every query. Nothing in it refers to anything
 * outside it — no script, font, image, stylesheet or link target — and its own CSP says so
 * again, so it opens offline in any browser and fetches nothing; it prints with sensible breaks.
 */
import type { CheckedFigure, CitableQueries } from '../core/figures/check-figures.ts';
import type {
  ReportDocument,
  ReportQuery,
  ReportValidation,
} from '../core/report/report-document.ts';
import {
  datasetLine,
  figuresLine,
  queryRows,
  reportQueries,
  validationLines,
} from '../core/report/report-document.ts';
import { FIGURE, FIGURE_LABEL, markFigures } from './figure-marks.ts';
import type { ReportChart } from '../core/report/report-charts.ts';
import { renderMarkdown } from './markdown.ts';
import { renderPlot } from './vega.ts';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * The sanitised Markdown, made to stand alone: each figure marked as the page marks it (its note
 * as the element's title, shown on hover without script), a citation linked to its query in the
 * appendix (or said to be unverified), and a link keeping its visible target but not its address.
 */
function reportText(
  markdown: string,
  queries: CitableQueries,
  figures: readonly CheckedFigure[],
): string {
  const box = document.createElement('div');
  box.innerHTML = renderMarkdown(markdown);
  markFigures(box, figures);
  for (const figure of box.querySelectorAll<HTMLElement>(FIGURE))
    figure.title = `${FIGURE_LABEL[figure.dataset.state as CheckedFigure['state']]}: ${figure.dataset.note ?? ''}`;
  for (const cite of box.querySelectorAll('cite')) {
    const id = cite.textContent?.trim() ?? '';
    if (queries.has(id)) {
      const a = document.createElement('a');
      a.className = 'citation';
      a.setAttribute('href', `#${id}`);
      a.textContent = id;
      cite.replaceWith(a);
    } else {
      cite.className = 'unverified';
      cite.textContent = `${id} (unverified)`;
    }
  }
  for (const a of box.querySelectorAll('a:not(.citation)')) {
    const span = document.createElement('span');
    span.className = 'link';
    span.append(...a.childNodes);
    a.replaceWith(span);
  }
  return box.innerHTML;
}

/** The chart drawn off screen and saved as SVG; a chart that cannot be drawn is named instead. */
async function chartSvg(chart: ReportChart): Promise<string> {
  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;left:-10000px;top:0;width:720px';
  document.body.append(host);
  try {
    const plot = await renderPlot(host, structuredClone(chart.spec));
    try {
      return await plot.toSvg();
    } finally {
      plot.finalize();
    }
  } catch (e) {
    return `<p class="missing">This chart could not be drawn: ${escapeHtml(String(e))}</p>`;
  } finally {
    host.remove();
  }
}

async function figure(chart: ReportChart): Promise<string> {
  const source = chart.queryId
    ? ` (data: <a class="citation" href="#${escapeHtml(chart.queryId)}">${escapeHtml(chart.queryId)}</a>)`
    : ' (data typed in, not from a query)';
  return `<figure id="${chart.id}">${await chartSvg(chart)}<figcaption>${chart.id}: ${escapeHtml(chart.title)}${source}</figcaption></figure>`;
}

function table(headers: string[], rows: unknown[][]): string {
  const cells = (r: unknown[], tag: 'td' | 'th') =>
    r.map((v) => `<${tag}>${escapeHtml(v === null ? '' : String(v))}</${tag}>`).join('');
  return `<table><thead><tr>${cells(headers, 'th')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${cells(r, 'td')}</tr>`)
    .join('')}</tbody></table>`;
}

function query(q: ReportQuery): string {
  const id = q.queryId ?? '';
  const rows = !q.isError && q.columns.length ? table(q.columns, q.rows) : '';
  return `<section class="query"${id ? ` id="${escapeHtml(id)}"` : ''}><h3>${escapeHtml(id ? `${id} — ` : '')}${escapeHtml(q.description)}</h3><p class="meta">${escapeHtml(queryRows(q))}</p><pre><code>${escapeHtml(q.query)}</code></pre>${rows}</section>`;
}

/** A finding checked against the data, with its verdict, as the page's card says it. */
function validation(v: ReportValidation): string {
  const { head, checks } = validationLines(v);
  return `<li class="finding" data-verdict="${escapeHtml(v.verdict)}"><strong>${escapeHtml(head)}</strong><ul>${checks
    .map((c) => `<li>${escapeHtml(c)}</li>`)
    .join('')}</ul></li>`;
}

const STYLE = `
:root{color-scheme:light}
body{font:15px/1.55 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1b2430;background:#fff;max-width:48rem;margin:2rem auto;padding:0 1.2rem}
h1{font-size:1.6rem;margin:0 0 .3rem}h2{font-size:1.2rem;margin:1.8rem 0 .5rem}h3{font-size:1.02rem;margin:1.2rem 0 .4rem}
.data{color:#5d6b7a;font-size:.9rem;margin:0 0 1.5rem}
table{border-collapse:collapse;font-size:.88rem;margin:.5rem 0 1rem}th,td{border:1px solid #dde3ea;padding:.25rem .5rem;text-align:left}
pre{background:#f6f8fa;border:1px solid #dde3ea;border-radius:6px;padding:.6rem .8rem;white-space:pre-wrap;font-size:.85rem}
figure{margin:1rem 0}figure svg{max-width:100%;height:auto}figcaption{color:#5d6b7a;font-size:.85rem}
a.citation{font-size:.78em;font-weight:600;color:#1f4e79;text-decoration:none;vertical-align:.15em}
cite.unverified{font-style:normal;font-size:.78em;color:#9b1c1c;vertical-align:.15em}
.meta,.link span{color:#5d6b7a}.appendix{border-top:1px solid #dde3ea;margin-top:2.5rem}
.query table{font-size:.8rem}
[data-figure]{text-decoration:underline dotted;text-underline-offset:.2em}
[data-figure][data-state=checked]{text-decoration-color:#2a7a3b}
[data-figure][data-state=untraced]{text-decoration-color:#5d6b7a}
[data-figure][data-state=mismatch]{background:#fdecec;color:#a11a22;text-decoration:underline wavy #a11a22;border-radius:3px;padding:0 .15em}
[data-figure][data-state=mismatch]::after{content:' not in ' attr(data-cited);font-size:.78em;font-weight:600}
.figures{color:#5d6b7a;font-size:.9rem;margin:-1rem 0 1.5rem}.figures li{color:#a11a22}
.finding[data-verdict=holds] strong{color:#2a7a3b}.finding[data-verdict=weak] strong{color:#8a4b00}.finding[data-verdict=contradicted] strong{color:#a11a22}
@media print{body{margin:0;max-width:none}figure,table,pre,.query{break-inside:avoid}h2,h3{break-after:avoid}.appendix{break-before:page}}`;

/** Nothing may load: the file carries everything it shows. */
const FILE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

export async function reportHtml(doc: ReportDocument): Promise<string> {
  const queries = reportQueries(doc);
  const body: string[] = [];
  for (const [i, s] of doc.segments.entries())
    body.push(
      s.type === 'text'
        ? reportText(s.text, queries, doc.segmentFigures[i] ?? [])
        : await figure(s.chart),
    );
  // The data line goes under the report's own title, or first when it has none. (A function as
  // the replacement: in a string, a file name's `$'` or `$&` would be read as a pattern.)
  const line = figuresLine(doc);
  const wrong = doc.figures.figures.filter((f) => f.state === 'mismatch');
  const checks = line
    ? `<div class="figures" data-testid="report-figures"><p>${escapeHtml(line)}</p>${
        wrong.length
          ? `<ul>${wrong.map((f) => `<li>${escapeHtml(f.note)}</li>`).join('')}</ul>`
          : ''
      }</div>`
    : '';
  const data = `<p class="data">${escapeHtml(datasetLine(doc))}</p>${checks}`;
  const joined = body.join('\n');
  const main = /<\/h1>/.test(joined)
    ? joined.replace('</h1>', () => `</h1>${data}`)
    : data + joined;
  const others = doc.otherCharts.length
    ? `<h2>Other charts of the session</h2>${(await Promise.all(doc.otherCharts.map(figure))).join('')}`
    : '';
  const findings = doc.validations.length
    ? `<h2>Findings checked against the data</h2><ul class="findings">${doc.validations.map(validation).join('')}</ul>`
    : '';
  const tables = doc.tables.length
    ? `<h2>Tables</h2>${doc.tables.map((t) => `<h3>${escapeHtml(t.title)}</h3>${table(t.headers, t.rows)}`).join('')}`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${FILE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)}</title><style>${STYLE}</style></head>
<body><main>${main}${others}${findings}</main>
<section class="appendix">${tables}<h2>Appendix: queries</h2>${doc.queries.map(query).join('\n')}</section>
</body></html>
`;
}
