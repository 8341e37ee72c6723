/**
 * The SQL box's editor (adapters/sql-editor.ts, issue 33, item 2): loaded after the page, under
 * the page's own CSP, highlighting SQL in the theme's colours and completing the session's tables
 * and columns — names that need quotes inserted quoted.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runSql, showView, sqlEditorReady, sqlText } from './app.ts';
import { useBrowser, useSharedApp } from './browser.ts';
import { serious } from './axe.ts';
import { blankSession, loadSample, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

/**
 * CodeMirror ignores Enter for 75 ms after the completion list changes (autocompletion's
 * interactionDelay), so that a key meant for the text is not taken as a choice.
 */
const settle = (page: Page) => page.waitForTimeout(150);

/**
 * One page for the file (browser.ts, useSharedApp): each test starts in a new session with the
 * sample loaded, the data tab shown, the editor ready and empty, in the system's (light) theme.
 * The page listens for CSP violations from its first load on, so the first test sees them all.
 */
const editorPage = useSharedApp(browser, async ({ page }, fresh) => {
  if (fresh) {
    await page.addInitScript(() => {
      (window as unknown as { refused: string[] }).refused = [];
      addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { refused: string[] }).refused.push(
          `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
        ),
      );
    });
    await page.reload();
    await sessionsReady(page);
  }
  await page.emulateMedia({ colorScheme: null });
  await blankSession(page);
  await loadSample(page);
  await showView(page, 'data');
  await sqlEditorReady(page);
  await page.fill('[data-testid="sql-input"]', '');
});

describe('the SQL editor', () => {
  it('is CodeMirror, styled under the strict CSP, its keywords in the theme’s accent', async () => {
    const { page } = await editorPage();
    expect(await page.getAttribute('[data-testid="sql-editor"]', 'data-editor')).toBe('editor');
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.type('select location from data -- where');
    const look = await page.locator('[data-testid="sql-input"]').evaluate((el) => {
      const keyword = [...el.querySelectorAll('span')].find((s) => s.textContent === 'select')!;
      const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent');
      const probe = document.createElement('span');
      probe.style.color = accent;
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      return {
        font: getComputedStyle(el).fontFamily,
        keyword: getComputedStyle(keyword).color,
        expected,
      };
    });
    expect(look.font).toMatch(/mono/i);
    expect(look.keyword).toBe(look.expected);
    // Nothing refused: the editor's styles are constructed sheets in its shadow root, and zod
    // no longer probes for eval (start-app.ts).
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual(
      [],
    );
  });

  it('completes the session’s tables and columns, and Ctrl+Enter runs', async () => {
    const { page } = await editorPage();
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.type('SELECT temp');
    const offered = page.locator('.cm-tooltip-autocomplete li');
    await expect
      .poll(() => offered.allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('temp_max')]));
    await page.keyboard.type('_ma');
    await expect.poll(() => offered.first().textContent()).toMatch(/^temp_max/);
    await settle(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type(', count(*) AS n FROM da');
    // The table first, then its columns (with their table beside them) and keywords.
    await expect.poll(() => offered.first().textContent()).toBe('data');
    expect(await offered.allTextContents()).toContain('datedata');
    await settle(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type(' GROUP BY ALL ORDER BY n DESC LIMIT 1');
    expect(await sqlText(page)).toBe(
      'SELECT temp_max, count(*) AS n FROM data GROUP BY ALL ORDER BY n DESC LIMIT 1',
    );
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('[data-testid="sql-result"] [data-testid="query-id"]');
    expect(await page.locator('[data-testid="sql-result"] thead th').allTextContents()).toEqual([
      'temp_max',
      'n',
    ]);

    // A run closes the list offered for the last word, by the keys or by the button.
    await page.keyboard.type(' -- x\nSELECT 2 AS n ORDER BY n DESC');
    await offered.first().waitFor();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => offered.count()).toBe(0);
    await page.fill('[data-testid="sql-input"]', 'SELECT 3 AS n ORDER BY n DESC');
    await page.click('[data-testid="sql-run"]');
    await page.waitForTimeout(300);
    await expect.poll(() => offered.count()).toBe(0);
  });

  it('completes DuckDB’s functions, but not inside a string', async () => {
    const { page } = await editorPage();
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.type('SELECT date_tr');
    const offered = page.locator('.cm-tooltip-autocomplete li');
    await expect.poll(() => offered.first().textContent()).toBe('date_trunc');
    await settle(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type("('month', date) AS m, string_ag");
    await expect.poll(() => offered.first().textContent()).toBe('string_aggaggregate');
    await settle(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type("(weather, ', ') FROM data GROUP BY ALL ORDER BY m LIMIT 1");
    expect(await runSql(page, await sqlText(page))).toMatchObject({
      ok: true,
      header: ['m', expect.stringContaining('string_agg')],
    });
    // A function is offered by the start of its name or of a part of it, not by letters strewn
    // through it: `temp_m` is the columns, not make_timestamp_ms.
    await page.fill('[data-testid="sql-input"]', '');
    await page.keyboard.type('SELECT temp_m');
    await expect
      .poll(() => page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents())
      .toEqual(['temp_max', 'temp_min']);
    await page.keyboard.type(', trun');
    await expect
      .poll(() => page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents())
      .toEqual(expect.arrayContaining(['trunc', 'date_trunc']));
    await page.keyboard.press('Escape');
    // Text in quotes is the person's: nothing is offered there.
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(" -- x\nSELECT 'median");
    await page.waitForTimeout(400);
    expect(
      await page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents(),
    ).not.toContain('median');
  });

  it('takes a file dropped on it as a table, not as text', async () => {
    const { page } = await editorPage();
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.type('SELECT 1');
    await page.locator('[data-testid="sql-input"]').evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File(['region,amount\nNorth,10\n'], 'orders.csv', { type: 'text/csv' }));
      const at = el.getBoundingClientRect();
      el.dispatchEvent(
        new DragEvent('drop', {
          dataTransfer: data,
          bubbles: true,
          cancelable: true,
          composed: true,
          clientX: at.left + 10,
          clientY: at.top + 10,
        }),
      );
    });
    await page.click('[data-testid="drop-choice-add"]');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="table-summary"]').length === 2,
    );
    expect(await sqlText(page)).toBe('SELECT 1');
  });

  it('draws a chart of a result whose columns share a name', async () => {
    const { page } = await editorPage();
    expect(await runSql(page, 'SELECT 1 AS x, 2 AS x')).toMatchObject({ ok: true });
    await page.click('[data-testid="sql-chart"]');
    await page.waitForSelector('[data-testid="sql-result"] [data-testid="plot"][data-rendered]');
    // The page goes on: the next query runs and shows.
    expect(await runSql(page, 'SELECT 42 AS answer')).toMatchObject({ cells: [['42']] });
  });

  it('keeps a chart of a result in the Charts tab, across a reload, until it is removed', async () => {
    const { page, errors } = await editorPage();
    await runSql(
      page,
      'SELECT weather, count(*) AS days FROM data GROUP BY ALL ORDER BY days DESC',
    );
    const queryId = await page.textContent('[data-testid="sql-result"] [data-testid="query-id"]');
    await page.click('[data-testid="sql-chart"]');
    const keep = page.locator('[data-testid="chart-keep"]');
    await keep.click();
    await expect(keep.innerText()).resolves.toBe('Kept in Charts ✓');
    expect(await keep.getAttribute('aria-disabled')).toBe('true');
    // Pressed again (it stays a button, for the focus), it keeps nothing more; another mark is
    // another chart, not yet kept.
    await keep.dispatchEvent('click');
    await page.selectOption('[data-testid="chart-mark"]', 'point');
    await expect(keep.innerText()).resolves.toBe('Keep in Charts');
    await page.selectOption('[data-testid="chart-mark"]', 'bar');
    await expect(keep.innerText()).resolves.toBe('Kept in Charts ✓');
    // The chart closed and drawn again is still the one kept, not one more to keep.
    await page.click('[data-testid="sql-chart"]');
    await page.click('[data-testid="sql-chart"]');
    await expect(keep.innerText()).resolves.toBe('Kept in Charts ✓');

    const mine = page.locator('[data-testid="chart-card"][data-by="person"]');
    const shownCharts = async () => {
      await showView(page, 'charts');
      await page.waitForSelector('[data-testid="charts-view"]');
      return mine.count();
    };
    expect(await shownCharts()).toBe(1);
    await mine.locator('[data-testid="plot"][data-rendered] svg').waitFor();
    await expect(mine.locator(':scope > figcaption').innerText()).resolves.toMatch(
      new RegExp(`^Yours · drawn from query ${queryId} · To the notebook · Remove$`),
    );
    // Its bars are the result's rows: five kinds of weather.
    expect(
      await mine.locator('[data-testid="plot"] svg path[role="graphics-symbol"]').count(),
    ).toBe(5);

    await page.reload();
    await sessionsReady(page, 1);
    expect(await shownCharts()).toBe(1);
    // Its query, a click away: the person's own, in the data tab.
    await mine.getByRole('button', { name: `query ${queryId}` }).click();
    await expect
      .poll(() => page.getAttribute('[data-testid="view-data"]', 'aria-selected'))
      .toBe('true');

    await showView(page, 'charts');
    await mine.getByRole('button', { name: /^Remove the chart/ }).click();
    expect(await mine.count()).toBe(0);
    await page.reload();
    await sessionsReady(page, 1);
    expect(await shownCharts()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('quotes a column whose name needs it', async () => {
    const { page } = await editorPage();
    // A table whose columns have spaces and capitals, as spreadsheets make them.
    await page.setInputFiles('input[data-testid="file-input"]', {
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Order Date,Unit Price,order\n2024-01-02,3.5,7\n'),
    });
    await page.click('[data-testid="drop-choice-add"]');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="table-summary"]').length === 2,
    );
    await sqlEditorReady(page);
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.type('SELECT Unit');
    await page.locator('.cm-tooltip-autocomplete li').first().waitFor();
    await settle(page);
    await page.keyboard.press('Enter');
    expect(await sqlText(page)).toBe('SELECT "Unit Price"');
    // A column named by a reserved word is quoted too.
    await page.keyboard.type(', orde');
    await expect
      .poll(() => page.locator('.cm-tooltip-autocomplete li').first().textContent())
      .toMatch(/^order/);
    await settle(page);
    await page.keyboard.press('Enter');
    expect(await sqlText(page)).toBe('SELECT "Unit Price", "order"');
    await page.keyboard.type(' FROM orders');
    expect(await runSql(page, await sqlText(page))).toMatchObject({
      ok: true,
      cells: [['3.5', '7']],
    });
  });

  it('types over a long statement selected whole, and Undo brings it back', async () => {
    const { page } = await editorPage();
    // 5,000 columns in one line: the browser's own replace of it took 20–28 s
    // (adapters/sql-editor.ts, replaceLongSelection), so CodeMirror makes this change.
    const long = `SELECT ${Array.from({ length: 5_000 }, (_, i) => `${i} AS c${i}`).join(', ')}`;
    await page.fill('[data-testid="sql-input"]', long);
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.press('Control+a');
    // The first key replaces the statement, the next go on after it.
    await page.keyboard.type('SELECT 42 AS n');
    expect(await sqlText(page)).toBe('SELECT 42 AS n');
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(() => page.locator('[data-testid="sql-result"] td').allInnerTexts(), {
        timeout: 30_000,
      })
      .toEqual(['42']);
    await page.click('[data-testid="sql-input"]');
    // The letters typed at once are one step of the history, as anywhere in the editor.
    await page.keyboard.press('Control+z');
    // CodeMirror draws only the part of a long line in view: the statement is read by running it.
    await page.keyboard.press('Control+Enter');
    // 5,000 columns take DuckDB a second or two: longer than a poll's default second.
    await expect
      .poll(() => page.locator('[data-testid="sql-result"] p').first().innerText(), {
        timeout: 60_000,
      })
      .toMatch(/Showing the first 1,000 of 5,000 columns/);
  });

  it.each(['light', 'dark'] as const)(
    'has no serious axe violation: completion, chart, history, error, kept chart (%s)',
    async (scheme) => {
      const { page } = await editorPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.click('[data-testid="sql-input"]');
      await page.keyboard.type('SELECT wea');
      await page.locator('.cm-tooltip-autocomplete li').first().waitFor();
      expect(await serious(page)).toEqual([]);
      // A result with its chart and the history open; then an error.
      await runSql(page, 'SELECT weather, count(*) AS days FROM data GROUP BY ALL ORDER BY days');
      await page.click('[data-testid="sql-chart"]');
      await page.waitForSelector('[data-testid="sql-result"] [data-testid="plot"][data-rendered]');
      await page.click('[data-testid="sql-history"] summary');
      expect(await serious(page)).toEqual([]);
      await runSql(page, 'SELEC 1');
      expect(await serious(page)).toEqual([]);
      // The chart kept, in the Charts tab with its caption's buttons.
      await runSql(page, 'SELECT weather, count(*) AS days FROM data GROUP BY ALL');
      await page.click('[data-testid="sql-chart"]');
      await page.click('[data-testid="chart-keep"]');
      await showView(page, 'charts');
      await page.waitForSelector('[data-by="person"] [data-testid="plot"][data-rendered]');
      expect(await serious(page)).toEqual([]);
    },
  );
});
