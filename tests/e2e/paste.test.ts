/**
 * A table pasted as text becomes a table, as a dropped file does: into the paste box, or anywhere
 * on the page that is not a field; a paste into the SQL box stays text in the SQL box.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runSql, showView, sqlEditorReady, sqlText, summaries, waitForLoads } from './app.ts';
import { useBrowser, useSharedApp } from './browser.ts';
import { blankSession } from './sessions-helpers.ts';

const browser = useBrowser();

/** One page for the file (browser.ts, useSharedApp): each test starts in a new, empty session. */
const blank = useSharedApp(browser, ({ page }) => blankSession(page));

/** How many loads the page has finished: a test waits for the next one. */
const loadsDone = async (page: Page) => Number(await page.getAttribute('main', 'data-loads'));

/**
 * A paste event carrying `text`, as the browser fires it for Ctrl+V on `selector`; true when the
 * page took it (a page that makes a table of it keeps the browser from pasting it anywhere).
 */
async function paste(page: Page, selector: string, text: string): Promise<boolean> {
  return page.$eval(
    selector,
    (el, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      const event = new ClipboardEvent('paste', {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
        // As a real paste: it crosses a shadow root (the SQL editor's) to the page's handlers.
        composed: true,
      });
      el.dispatchEvent(event);
      return event.defaultPrevented;
    },
    text,
  );
}

describe('pasting a table', () => {
  it('into the paste box loads rows copied from a spreadsheet, asking nothing of any server', async () => {
    const { page, errors } = await blank();
    const loads = await loadsDone(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.click('[data-testid="paste-open"]');
    await page.fill(
      '[data-testid="paste-input"]',
      'city\tmonth\train\nOslo\tJan\t49.2\nLima\tJan\t0.8\nPune\tJul\t187\n',
    );
    await page.click('[data-testid="paste-load"]');
    await waitForLoads(page, loads + 1);
    expect(await summaries(page)).toMatchObject([
      { table: 'data', file: 'pasted table.tsv', rows: 3, cols: 3 },
    ]);
    const result = await runSql(page, 'SELECT city, rain FROM data ORDER BY rain DESC');
    expect(result).toMatchObject({
      ok: true,
      cells: [
        ['Pune', '187'],
        ['Oslo', '49.2'],
        ['Lima', '0.8'],
      ],
    });
    // The box closes once it has been used.
    expect(await page.locator('[data-testid="paste-input"]').count()).toBe(0);
    const own = new URL(inject('baseUrl')).origin;
    expect(requests.filter((u) => !u.startsWith('blob:') && new URL(u).origin !== own)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens with the cursor in its box, and Esc closes it, keeping nothing and giving the focus back', async () => {
    const { page, errors } = await blank();
    const loads = await loadsDone(page);
    await page.click('[data-testid="paste-open"]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'paste-input',
    );
    await page.keyboard.type('a,b\n1,2');
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid="paste-input"]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'paste-open',
    );
    expect(await summaries(page)).toEqual([]);
    expect(await loadsDone(page)).toBe(loads);
    expect(errors).toEqual([]);
  });

  it('anywhere on the page loads a Markdown table', async () => {
    const { page, errors } = await blank();
    const loads = await loadsDone(page);
    expect(
      await paste(page, 'main', '| name | score |\n|---|---:|\n| Ana | 3 |\n| Bo, Jr. | 5 |\n'),
    ).toBe(true);
    await waitForLoads(page, loads + 1);
    expect(await summaries(page)).toMatchObject([
      { table: 'data', file: 'pasted table.csv', rows: 2, cols: 2 },
    ]);
    const result = await runSql(page, "SELECT score FROM data WHERE name = 'Bo, Jr.'");
    expect(result).toMatchObject({ ok: true, cells: [['5']] });
    expect(errors).toEqual([]);
  });

  it('a table copied from a web page: its caption left out, its local numbers read as numbers', async () => {
    const { page, errors } = await blank();
    const loads = await loadsDone(page);
    // Chromium's own copy of a Wikipedia-like table (tests/fixtures/exports/README.md).
    const copied = readFileSync(
      join(
        dirname(fileURLToPath(import.meta.url)),
        '../fixtures/exports/browser-paste-chromium-utf8.txt',
      ),
      'utf8',
    );
    expect(await paste(page, 'main', copied)).toBe(true);
    await waitForLoads(page, loads + 1);
    expect(await summaries(page)).toMatchObject([{ table: 'data', rows: 22, cols: 6 }]);
    const result = await runSql(
      page,
      'SELECT CAST(sum("Population") AS VARCHAR), CAST(sum("Area (km²)") AS VARCHAR), CAST(sum("Change (%/yr)") AS VARCHAR), count("Change (%/yr)") FROM data',
    );
    // The figures the page was made from (expected.json): `13,960,236`, `2,194.07`, `−0.4%`, `—`.
    expect(result).toMatchObject({ ok: true, cells: [['245470137', '66434.70', '21.3', '21']] });
    const converted = page.locator('[data-testid="conversions"] tr[data-column]');
    expect(
      await converted.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-column'))),
    ).toEqual(['Population', 'Area (km²)', 'Change (%/yr)']);
    expect(errors).toEqual([]);
  });

  it('into the SQL box stays text there, and loads nothing', async () => {
    const { page } = await blank();
    const loads = await loadsDone(page);
    await page.click('[data-testid="sample-button"]');
    await waitForLoads(page, loads + 1);
    // The editor takes it as SQL text (adapters/sql-editor.ts); nothing starts loading.
    await showView(page, 'data');
    await sqlEditorReady(page);
    // The box keeps its text across sessions, as a draft: it starts empty here.
    await page.fill('[data-testid="sql-input"]', '');
    await paste(page, '[data-testid="sql-input"]', 'a\tb\n1\t2\n');
    expect(await sqlText(page)).toBe('a\tb\n1\t2\n');
    expect(await page.locator('[data-testid="load-progress"]').count()).toBe(0);
    expect(await loadsDone(page)).toBe(loads + 1);
    expect((await summaries(page)).map((s) => s.file)).toEqual(['weather.csv']);
  });
});
