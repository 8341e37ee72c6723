/**
 * The workspace (issue 17): three panels at a laptop's and a desktop's size, drawers on a phone
 * with no sideways scrolling; the rows of a table in a grid that reads them as it scrolls; the
 * charts of the session together; the activity with timings and tokens; the key asked for where
 * the person is; the conversation following a new turn.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { weatherQuestion } from '../fixtures/weather-script.ts';
import { runSql, showView, sqlText, waitForLoads } from './app.ts';
import { ask, openScripted, useScriptedApp } from './agent.ts';
import { openApp, useBrowser } from './browser.ts';
import { sessionsReady, useSampleApp } from './sessions-helpers.ts';

const browser = useBrowser();
/** The sample in a new session, with no key given: one page for the tests that start so. */
const withSample = useSampleApp(browser);
/** The sample in a new session, Claude configured and scripted: one page for those tests. */
const scripted = useScriptedApp(browser);

/** Whether the element is on screen, inside the viewport (not scrolled away, not covered). */
const onScreen = async (page: Page, selector: string) => {
  // It must exist first: the session's item appears once the session is saved, a moment after
  // the table's load is reported (a CI run on a busy machine looked before it was there).
  await page.waitForSelector(selector, { state: 'attached' });
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return (
      r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
    );
  });
};

/** The page itself scrolls neither way: its panels do. */
const pageScroll = (page: Page) =>
  page.evaluate(() => {
    const el = document.scrollingElement!;
    return { x: el.scrollWidth > el.clientWidth, y: el.scrollHeight > el.clientHeight };
  });

describe('the workspace', () => {
  it('at 1280×800: sessions and tables, the centre with the question box in view, the activity', async () => {
    const { page } = await withSample();
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const panel of ['panel-left', 'panel-center'])
      expect(await page.isVisible(`[data-testid="${panel}"]`)).toBe(true);
    // Quiet by default: no Activity panel of placeholder text before anything has happened, and
    // no Report card to press before there is anything to report.
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(false);
    expect(await page.locator('.report-panel').count()).toBe(0);
    expect(await onScreen(page, '[data-testid="chat-input"]')).toBe(true);
    expect(await pageScroll(page)).toEqual({ x: false, y: false });
    // The table in the left panel, its profile a click away in the data tab.
    const link = page.locator('[data-testid="table-link"][data-table="data"]');
    await expect(link.textContent()).resolves.toMatch(/2,922 × 7 · CSV/);
    await showView(page, 'chat');
    expect(await page.isVisible('[data-testid="profile-table"]')).toBe(false);
    await link.click();
    await page.waitForSelector('[data-testid="profile-table"][data-complete]');
    // The activity panel shows, hides, and comes back.
    await page.click('[data-testid="panel-right-toggle"]');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(true);
    await page.click('[data-testid="activity-close"]');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(false);
    await page.click('[data-testid="panel-right-toggle"]');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(true);
  });

  it('keeps the Activity panel hidden across a reload once the person hid it', async () => {
    const { page } = await openScripted(browser(), weatherQuestion());
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    // With a turn, the panel shows where there is room; the report can be written.
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(true);
    expect(await page.locator('.report-panel').count()).toBe(1);
    await page.click('[data-testid="activity-close"]');
    await page.reload();
    await page.waitForSelector('[data-testid="turn-state"][data-turns="1"]');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(false);
    await page.click('[data-testid="panel-right-toggle"]');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(true);
  });

  it('shows a table’s rows in a grid that reads them as it scrolls, to the last row', async () => {
    const { page } = await withSample();
    await page.click('[data-testid="show-rows"][data-table="data"]');
    const grid = page.locator('[data-testid="rows-grid"]');
    await grid.locator('tr[data-row="0"] td:not(.index)').first().waitFor();
    const lines = (await readFile('public/data/weather.csv', 'utf8')).trim().split('\n');
    const cells = (row: number) =>
      grid.locator(`tr[data-row="${row}"] td:not(.index)`).allTextContents();
    await expect
      .poll(() => cells(0))
      // Each numeric column with the places its values need: 0.0 and 5.0 beside 12.8 and 4.7.
      .toEqual(['Seattle', '2012-01-01', '0.0', '12.8', '5.0', '4.7', 'drizzle']);
    expect(lines[1]).toBe('Seattle,2012-01-01,0.0,12.8,5.0,4.7,drizzle');
    // Only the rows in view are in the page, not all 2,922.
    expect(await grid.locator('tbody tr[data-row]').count()).toBeLessThan(120);
    await grid.locator('.scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const last = lines.length - 2;
    await expect
      .poll(() => cells(last), { timeout: 20_000 })
      .toEqual(['New York', '2015-12-31', '1.5', '11.1', '6.1', '5.5', 'rain']);
    expect(await grid.locator(`tr[data-row="${last}"] td.index`).textContent()).toBe('2,922');
  });

  it('asks for the key where the person is, with focus in the key field; Escape closes it', async () => {
    const { page } = await withSample();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.click('[data-testid="analyze"]');
    await page.waitForSelector('[data-testid="settings"]');
    expect(await onScreen(page, '[data-testid="api-key"]')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'api-key',
    );
    await page.keyboard.press('Escape');
    expect(await page.isVisible('[data-testid="settings"]')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'analyze',
    );
  });

  it('gathers the charts, follows the new turn, and logs each step with its time and tokens', async () => {
    const { page } = await scripted(weatherQuestion());
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    // The conversation followed the turn down to its answer.
    const answer = page.locator('[data-testid="item"][data-type="text"]').last();
    expect(
      await answer.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0;
      }),
    ).toBe(true);
    expect(await page.isVisible('[data-testid="jump-latest"]')).toBe(false);

    // The activity: the turn, its query and chart with their durations, its tokens.
    const turn = page.locator('[data-testid="activity-turn"]').last();
    expect(Number(await turn.getAttribute('data-input-tokens'))).toBeGreaterThan(0);
    const calls = turn.locator('[data-testid="activity-call"]');
    expect(await calls.evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')))).toContain(
      'sql_query',
    );
    await expect(turn.textContent()).resolves.toMatch(/Query.*\d+ ms/s);
    await expect(turn.textContent()).resolves.toMatch(/≈ \$/);

    // The charts tab: the chart again, and the way back to the query it came from.
    await showView(page, 'charts');
    const card = page.locator('[data-testid="chart-card"]');
    expect(await card.count()).toBe(1);
    await card.locator('[data-testid="plot"][data-rendered] svg').waitFor();
    await card.getByRole('button', { name: 'query Q1' }).click();
    expect(await page.getAttribute('[data-testid="view-chat"]', 'aria-selected')).toBe('true');

    // Scrolled up, the person is offered the way back down, which follows again.
    await page.locator('#view-chat').evaluate((el) => el.scrollTo({ top: 0 }));
    await page.locator('#view-chat').evaluate((el) => el.dispatchEvent(new Event('scroll')));
    // Below the conversation, covering none of it.
    const chatBottom = await page
      .locator('#view-chat')
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const jump = await page.locator('[data-testid="jump-latest"]').boundingBox();
    expect(jump!.y).toBeGreaterThanOrEqual(chatBottom - 0.5);
    await page.click('[data-testid="jump-latest"]');
    await page.waitForSelector('[data-testid="jump-latest"]', { state: 'detached' });
  });

  it('offers example questions for the loaded data, and one click asks it', async () => {
    const { page } = await scripted([
      { reply: { tools: [{ name: 'output_text', input: { text: 'Seattle.' } }] } },
    ]);
    await page.waitForSelector('[data-testid="profile-table"][data-complete]');
    const examples = page.locator('[data-testid="example-question"]');
    expect(await examples.count()).toBe(3);
    await expect(examples.first().textContent()).resolves.toBe(
      'Which location has the highest average precipitation?',
    );
    await examples.first().click();
    await page.waitForSelector(
      '[data-testid="turn-state"][data-turns="1"]:not([data-state="running"])',
    );
    await expect(page.locator('.turn .question').textContent()).resolves.toBe(
      'Which location has the highest average precipitation?',
    );
    expect(await page.getAttribute('[data-testid="view-chat"]', 'aria-selected')).toBe('true');
  });
});

describe('what Claude did, to take further', () => {
  it('copies a query’s SQL, opens it in the SQL box to edit and rerun, and lists every query', async () => {
    const { page } = await scripted(weatherQuestion());
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    const card = page.locator('#query-Q1');
    await card.locator('summary').click();
    const sql = await card.locator('pre.sql').textContent();
    expect(sql).toMatch(/^SELECT month\(date\)/);
    await card.getByRole('button', { name: 'Copy SQL' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(sql);

    await card.locator('[data-testid="open-in-sql-box"]').click();
    expect(await page.getAttribute('[data-testid="view-data"]', 'aria-selected')).toBe('true');
    expect(await sqlText(page)).toBe(sql);
    // The focus is in the editor (inside its shadow root: adapters/sql-editor.ts).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const outer = document.activeElement;
          return (outer?.shadowRoot?.activeElement ?? outer)?.getAttribute('data-testid');
        }),
      )
      .toBe('sql-input');
    const rerun = await runSql(page, sql!.replace("'Seattle'", "'New York'"));
    expect(rerun).toMatchObject({ ok: true, rows: 12, header: ['month', 'rain_mm'] });

    // The notebook of the session's queries, on the data tab: Claude's, then the person's own
    // run, numbered on in the same series.
    const listed = page.locator('[data-testid="session-query"]');
    expect(await listed.evaluateAll((li) => li.map((l) => l.getAttribute('data-query')))).toEqual([
      'Q1',
      'Q2',
    ]);
    expect(await listed.nth(1).getAttribute('data-own')).toBe('');
    expect(
      await page.locator('[data-testid="sql-result"] [data-testid="query-id"]').innerText(),
    ).toBe('Q2');
  });

  it('points a DuckDB error at the person’s own line, not at Sift’s wrapper', async () => {
    const { page } = await withSample();
    const unknown = await runSql(page, 'SELECT location,\n  nope\nFROM data');
    expect(unknown).toMatchObject({ ok: false });
    const message = unknown.ok ? '' : unknown.message;
    expect(message).toContain('Line 2:   nope');
    expect(message).not.toMatch(/LINE \d/);
    const cut = await runSql(page, 'SELECT * FROM data WHERE');
    expect(cut.ok ? '' : cut.message).toMatch(/at the end of the query/);
    expect(cut.ok ? '' : cut.message).not.toContain(') AS q');
  });
});

describe('on a phone (390 px)', () => {
  it('never scrolls sideways; sessions and activity open as drawers', async () => {
    const { page } = await openApp(browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await sessionsReady(page);
    expect(await pageScroll(page)).toEqual({ x: false, y: false });
    // The sessions are in the drawer, out of sight: the sample loads all the same.
    await page.click('[data-testid="sample-button"]');
    await waitForLoads(page, 1);
    await page.waitForSelector('[data-testid="profile-table"][data-complete]');
    expect(await pageScroll(page)).toEqual({ x: false, y: false });
    expect(await page.isVisible('[data-testid="panel-left"]')).toBe(false);
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(false);
    expect(await onScreen(page, '[data-testid="chat-input"]')).toBe(true);

    await page.click('[data-testid="panel-left-open"]');
    expect(await onScreen(page, '[data-testid="session-item"]')).toBe(true);
    await page.click('[data-testid="table-link"][data-table="data"]');
    expect(await page.isVisible('[data-testid="panel-left"]')).toBe(false);
    await page.click('[data-testid="panel-right-toggle"]');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(true);
    await page.click('[data-testid="activity-close"]');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(false);
    for (const view of ['chat', 'data', 'charts'] as const) {
      await showView(page, view);
      expect(await pageScroll(page)).toEqual({ x: false, y: false });
    }
  });
  it('opens one drawer at a time, and Esc closes it', async () => {
    const { page } = await openApp(browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await sessionsReady(page);
    await page.click('[data-testid="sample-button"]');
    await waitForLoads(page, 1);
    await page.click('[data-testid="panel-left-open"]');
    expect(await onScreen(page, '[data-testid="session-item"]')).toBe(true);
    await page.click('[data-testid="panel-right-toggle"]');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(true);
    // Opening the activity closed the sessions: never two drawers stacked.
    expect(await onScreen(page, '[data-testid="session-item"]')).toBe(false);
    await page.keyboard.press('Escape');
    expect(await page.isVisible('[data-testid="panel-right"]')).toBe(false);
    await page.click('[data-testid="panel-left-open"]');
    expect(await onScreen(page, '[data-testid="session-item"]')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await onScreen(page, '[data-testid="session-item"]')).toBe(false);
    expect(await page.getAttribute('[data-testid="panel-left-open"]', 'aria-expanded')).toBe(
      'false',
    );
  });
});
