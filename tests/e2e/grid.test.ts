/**
 * The rows grid sorts, filters, searches and resizes (issue 33, item 4), each by DuckDB in the
 * worker: what the person sees is checked against the bundled CSV read here, in Node.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloaded, runSql, sqlText } from './app.ts';
import { useBrowser, useSharedApp } from './browser.ts';
import { serious } from './axe.ts';
import { blankSession, loadSample, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

interface Day {
  location: string;
  date: string;
  precipitation: number;
  temp_max: number;
  weather: string;
  line: string;
}
let days: Day[];

beforeAll(async () => {
  const lines = (await readFile('public/data/weather.csv', 'utf8')).trim().split('\n').slice(1);
  days = lines.map((line) => {
    const [location, date, precipitation, temp_max, , , weather] = line.split(',');
    return {
      location: location!,
      date: date!,
      precipitation: Number(precipitation),
      temp_max: Number(temp_max),
      weather: weather!,
      line,
    };
  });
});

/**
 * One page for the file (browser.ts, useSharedApp): each test starts in a new session, at
 * 1280×800 in the system's theme, with the sample's rows shown in the order of the file — a
 * session's sorts, filters and widths stay with it (TableRows.forget).
 */
const shared = useSharedApp(browser, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: null });
  await sessionsReady(page);
  await blankSession(page);
  await loadSample(page);
  await page.click('[data-testid="show-rows"][data-table="data"]');
  await page.waitForSelector('[data-testid="rows-grid"] tr[data-row="0"] td.num');
});
const openRows = async (): Promise<Page> => (await shared()).page;

const grid = (page: Page) => page.locator('[data-testid="rows-grid"]');
/** The first `n` rows as shown, each column's text (a number as typed, from data-value). */
const firstRows = (page: Page, n: number) =>
  grid(page).evaluate((el, n) => {
    const rows = [...el.querySelectorAll('tbody tr[data-row]')].slice(0, n);
    return rows.map((tr) =>
      [...tr.querySelectorAll('td:not(.index)')].map(
        (td) => (td as HTMLElement).dataset.value ?? td.textContent ?? '',
      ),
    );
  }, n);
const shownTotal = (page: Page) => grid(page).evaluate((el) => Number(el.dataset.total));
/** A data cell of the rows drawn: `col` counts the table's columns from 0. */
const cell = (page: Page, row: number, col: number) =>
  grid(page).locator(`tr[data-row="${row}"] td[data-col="${col}"]`);
/** A menu item's words, as read aloud (its parts are laid out as boxes, so innerText breaks them). */
const words = (item: Locator) => item.evaluate((el) => el.textContent!.replace(/\s+/g, ' ').trim());
const settled = (page: Page) =>
  page.waitForSelector(
    '[data-testid="rows-grid"]:not([data-busy]) tr[data-row="0"] td:not(.loading):not(.index)',
  );

describe('the rows grid', () => {
  it('sorts by a column, largest first, then back to the file’s order', async () => {
    const page = await openRows();
    const sort = grid(page).locator('[data-testid="grid-sort"][data-column="temp_max"]');
    await sort.click();
    await sort.click();
    await expect
      .poll(() => page.getAttribute('th[data-column="temp_max"]', 'aria-sort'))
      .toBe('descending');
    await settled(page);
    const hottest = [...days].sort((a, b) => b.temp_max - a.temp_max).slice(0, 5);
    await expect
      .poll(async () => (await firstRows(page, 5)).map((r) => Number(r[3])))
      .toEqual(hottest.map((d) => d.temp_max));
    await expect(grid(page).locator('[data-testid="grid-count"]').innerText()).resolves.toMatch(
      /sorted by temp_max, largest first/,
    );
    // The third click: the rows as the file has them.
    await sort.click();
    await expect
      .poll(async () => (await firstRows(page, 1))[0]?.slice(0, 2))
      .toEqual([days[0]!.location, days[0]!.date]);
    expect(await page.getAttribute('th[data-column="temp_max"]', 'aria-sort')).toBeNull();
  });

  it('filters a range and a value, says how many rows match, and takes the filters off', async () => {
    const page = await openRows();
    await grid(page).locator('[data-testid="grid-filter"][data-column="precipitation"]').click();
    await page.fill('[data-testid="grid-filter-from"]', '10');
    await page.fill('[data-testid="grid-filter-to"]', '20.5');
    await page.click('[data-testid="grid-filter-apply"]');
    const wet = days.filter((d) => d.precipitation >= 10 && d.precipitation <= 20.5);
    await expect.poll(() => shownTotal(page)).toBe(wet.length);
    await page.waitForSelector('[data-testid="grid-filter-form"]', { state: 'detached' });
    await settled(page);
    for (const row of await firstRows(page, 10)) {
      expect(Number(row[2])).toBeGreaterThanOrEqual(10);
      expect(Number(row[2])).toBeLessThanOrEqual(20.5);
    }
    await expect(grid(page).locator('[data-testid="grid-count"]').innerText()).resolves.toMatch(
      new RegExp(`^${wet.length} of 2,922 rows match`),
    );

    // A value on top, chosen from the column's typical values.
    await grid(page).locator('[data-testid="grid-filter"][data-column="location"]').click();
    await page.fill('[data-testid="grid-filter-value"]', 'New York');
    await page.keyboard.press('Enter');
    const both = wet.filter((d) => d.location === 'New York');
    await expect.poll(() => shownTotal(page)).toBe(both.length);
    const chips = grid(page).locator('[data-testid="grid-filter-chip"]');
    await expect(chips.allInnerTexts()).resolves.toEqual([
      expect.stringContaining('precipitation from 10 to 20.5'),
      expect.stringContaining('location is New York'),
    ]);

    await chips.first().getByRole('button').click();
    await expect
      .poll(() => shownTotal(page))
      .toBe(days.filter((d) => d.location === 'New York').length);
    await page.click('[data-testid="grid-clear"]');
    await expect.poll(() => shownTotal(page)).toBe(days.length);
  });

  it('opens its view in the SQL box, where it keeps the same rows', async () => {
    const page = await openRows();
    await page.fill('[data-testid="grid-search"]', 'rain');
    await page.keyboard.press('Enter');
    await grid(page).locator('[data-testid="grid-filter"][data-column="location"]').click();
    await page.fill('[data-testid="grid-filter-value"]', 'Seattle');
    await page.keyboard.press('Enter');
    const sort = grid(page).locator('[data-testid="grid-sort"][data-column="temp_max"]');
    await sort.click();
    await sort.click();
    const kept = days
      .filter((d) => d.location === 'Seattle' && d.line.toLowerCase().includes('rain'))
      .sort((a, b) => b.temp_max - a.temp_max);
    await expect.poll(() => shownTotal(page)).toBe(kept.length);
    await settled(page);

    await page.click('[data-testid="grid-to-sql"]');
    const sql = await sqlText(page);
    expect(sql).toMatch(/^SELECT \* FROM "data" WHERE .*Seattle.*rain.* ORDER BY "temp_max" DESC/);
    // The SQL box is brought into view with it, and keeps the same rows when it runs.
    await expect
      .poll(() =>
        page.locator('[data-testid="sql-input"]').evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight;
        }),
      )
      .toBe(true);
    const result = await runSql(page, sql);
    expect(result).toMatchObject({ ok: true, total: kept.length });
    if (result.ok) {
      const temp = result.header.indexOf('temp_max');
      expect(result.cells.slice(0, 5).map((r) => Number(r[temp]))).toEqual(
        kept.slice(0, 5).map((d) => d.temp_max),
      );
    }
  });

  it('searches every column, ignoring case, and says when nothing matches', async () => {
    const page = await openRows();
    await page.fill('[data-testid="grid-search"]', 'SNOW');
    await page.keyboard.press('Enter');
    const snowy = days.filter((d) => d.line.toLowerCase().includes('snow'));
    expect(snowy.length).toBeGreaterThan(0);
    await expect.poll(() => shownTotal(page)).toBe(snowy.length);
    await settled(page);
    for (const row of await firstRows(page, 5)) expect(row[6]).toBe('snow');

    await page.fill('[data-testid="grid-search"]', 'no such weather');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="grid-none"]');
    expect(await shownTotal(page)).toBe(0);

    // Typed, and a column sorted at once, before the pause is over: both are kept.
    await page.fill('[data-testid="grid-search"]', 'fog');
    await grid(page).locator('[data-testid="grid-sort"][data-column="wind"]').click();
    await expect
      .poll(() => shownTotal(page))
      .toBe(days.filter((d) => d.line.includes('fog')).length);
    await expect
      .poll(() => page.getAttribute('th[data-column="wind"]', 'aria-sort'))
      .toBe('ascending');
    expect(await page.inputValue('[data-testid="grid-search"]')).toBe('fog');
  });

  it('finds a number typed as it is shown, grouped by the locale', async () => {
    const page = await openRows();
    await page.setInputFiles('input[data-testid="file-input"]', {
      name: 'sales.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('client,amount\nAcme,12345.5\nBolt,2345.5\nCirca,99999\n'),
    });
    await page.click('[data-testid="drop-choice-add"]');
    await page.click('[data-testid="show-rows"][data-table="sales"]');
    await page.waitForSelector('[data-testid="rows-grid"] tr[data-row="2"] td.num');
    // The page's locale is en-US: the cell reads as the person types it.
    expect(await cell(page, 0, 1).innerText()).toBe('12,345.5');
    await page.fill('[data-testid="grid-search"]', '12,345.5');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownTotal(page)).toBe(1);
    await settled(page);
    expect(await firstRows(page, 3)).toEqual([['Acme', '12345.5']]);
    // A part of a number, as in the text of a cell: "2,345" is in 12,345.5 and 2,345.5.
    await page.fill('[data-testid="grid-search"]', '2,345');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownTotal(page)).toBe(2);
  });

  it('saves every row of its view as CSV, filtered and sorted as shown', async () => {
    const page = await openRows();
    const button = page.locator('[data-testid="grid-csv"]');
    expect(await button.innerText()).toBe(
      `Download CSV (${days.length.toLocaleString('en-US')} rows)`,
    );
    await page.fill('[data-testid="grid-search"]', 'rain');
    await page.keyboard.press('Enter');
    const rainy = days.filter((d) => d.line.includes('rain'));
    await expect.poll(() => shownTotal(page)).toBe(rainy.length);
    await grid(page).locator('[data-testid="grid-sort"][data-column="temp_max"]').click();
    await expect
      .poll(() => page.getAttribute('th[data-column="temp_max"]', 'aria-sort'))
      .toBe('ascending');
    await settled(page);
    expect(await button.innerText()).toBe(
      `Download CSV (${rainy.length.toLocaleString('en-US')} rows)`,
    );
    const lines = (await downloaded(page, button)).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('location,date,precipitation,temp_max,temp_min,wind,weather');
    const saved = lines.slice(1);
    expect(saved).toHaveLength(rainy.length);
    // The rows of the file, each a rainy day of the CSV, coldest first.
    const maxima = saved.map((line) => Number(line.split(',')[3]));
    expect(maxima).toEqual([...maxima].sort((a, b) => a - b));
    expect(Math.min(...maxima)).toBe(Math.min(...rainy.map((d) => d.temp_max)));
    expect(saved.every((line) => line.includes('rain'))).toBe(true);
  });

  it('fits the sample’s seven columns at 1280 px, text as wide as its values', async () => {
    const page = await openRows();
    // Every column's name and filter in the grid's box: nothing to scroll sideways for.
    const outside = await grid(page).evaluate((el) => {
      const box = el.querySelector('.scroll')!;
      const frame = box.getBoundingClientRect();
      const out = [...el.querySelectorAll('[data-testid="grid-filter"]')]
        .filter((b) => b.getBoundingClientRect().right > frame.right)
        .map((b) => (b as HTMLElement).dataset.column);
      return { out, scrolls: box.scrollWidth > box.clientWidth + 1 };
    });
    expect(outside).toEqual({ out: [], scrolls: false });
    // A column of short words is not given room for a sentence, nor cuts what it holds.
    const weather = grid(page).locator('tr[data-row="0"] td[data-col="6"]');
    const fits = await weather.evaluate((td) => ({
      width: td.getBoundingClientRect().width,
      cut: td.scrollWidth > td.clientWidth,
    }));
    expect(fits.cut).toBe(false);
    expect(fits.width).toBeLessThan(150);
  });

  it('resizes a column from the keyboard and by dragging its edge', async () => {
    const page = await openRows();
    const head = grid(page).locator('th[data-column="weather"]');
    const width = () => head.evaluate((el) => el.getBoundingClientRect().width);
    const before = await width();
    await grid(page).locator('[data-testid="grid-resize"][data-column="weather"]').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(width).toBeCloseTo(before + 48, 0);

    // Dragging the edge of another column, on screen, narrower.
    const date = grid(page).locator('th[data-column="date"]');
    const dateWidth = await date.evaluate((el) => el.getBoundingClientRect().width);
    const edge = await grid(page)
      .locator('[data-testid="grid-resize"][data-column="date"]')
      .boundingBox();
    await page.mouse.move(edge!.x + 3, edge!.y + 10);
    await page.mouse.down();
    await page.mouse.move(edge!.x + 43, edge!.y + 10, { steps: 4 });
    await page.mouse.up();
    await expect
      .poll(() => date.evaluate((el) => el.getBoundingClientRect().width))
      .toBeCloseTo(dateWidth + 40, 0);
  });

  it('filters from a cell: only its value, then without others, and copies it', async () => {
    const page = await openRows();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const menu = page.locator('[data-testid="grid-cell-menu"]');
    // Row 2 of the file, its weather (the seventh column).
    const weather = days[1]!.weather;
    await cell(page, 1, 6).click();
    await expect(words(menu.locator('[data-testid="grid-cell-only"]'))).resolves.toBe(
      `Only rows where weather is ${weather}`,
    );
    await menu.locator('[data-testid="grid-cell-only"]').click();
    const same = days.filter((d) => d.weather === weather);
    await expect.poll(() => shownTotal(page)).toBe(same.length);
    await settled(page);
    await page.waitForSelector('[data-testid="grid-cell-menu"]', { state: 'detached' });

    // Copy value: the value as stored, a number unrounded.
    const [row] = await firstRows(page, 1);
    await cell(page, 0, 3).click();
    await menu.locator('[data-testid="grid-cell-copy"]').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(row![3]);
    await cell(page, 0, 1).click();
    await menu.locator('[data-testid="grid-cell-copy"]').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(row![1]);

    // The first row's location left out, then the next one's (the sample has two: then no row
    // is left): one chip saying both.
    const first = (await firstRows(page, 1))[0]![0]!;
    await cell(page, 0, 0).click();
    await expect(words(menu.locator('[data-testid="grid-cell-exclude"]'))).resolves.toBe(
      `Exclude ${first}`,
    );
    await menu.locator('[data-testid="grid-cell-exclude"]').click();
    const without = same.filter((d) => d.location !== first);
    expect(without.length).toBeGreaterThan(0);
    await expect.poll(() => shownTotal(page)).toBe(without.length);
    await settled(page);
    const second = (await firstRows(page, 1))[0]![0]!;
    expect(second).not.toBe(first);
    await cell(page, 0, 0).click();
    await menu.locator('[data-testid="grid-cell-exclude"]').click();
    await expect
      .poll(() => shownTotal(page))
      .toBe(without.filter((d) => d.location !== second).length);
    await expect(
      grid(page).locator('[data-testid="grid-filter-chip"]').allInnerTexts(),
    ).resolves.toEqual([
      expect.stringContaining(`weather is ${weather}`),
      expect.stringContaining(`location is not ${first} or ${second}`),
    ]);
    // The sample has no empty cell (checked here), so "Only empty" is left to the unit tests.
    expect(days.every((d) => !d.line.includes(',,') && !d.line.endsWith(','))).toBe(true);
  });

  it('is one tab stop: arrows move the cell, Enter opens its menu, Esc gives the focus back', async () => {
    const page = await openRows();
    const menu = page.locator('[data-testid="grid-cell-menu"]');
    const focused = () =>
      page.evaluate(() => {
        const td = document.activeElement as HTMLElement;
        return `${td.parentElement?.dataset.row}:${td.dataset.col}`;
      });
    expect(await grid(page).locator('td[tabindex="0"]').count()).toBe(1);
    await cell(page, 0, 0).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('1:1');
    expect(await grid(page).locator('td[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Enter');
    await menu.waitFor();
    // The first item has the focus; the arrows go through the items.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('grid-cell-only');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'grid-cell-exclude',
    );
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('1:1');
    // Far down, beyond the rows drawn, with Ctrl+End; then a click elsewhere closes a menu.
    await page.keyboard.press('Control+End');
    await expect.poll(focused).toBe(`${days.length - 1}:6`);
    // A cell opens its menu once its rows have been read.
    await grid(page)
      .locator(`tr[data-row="${days.length - 1}"] td[data-col="6"]:not(.loading)`)
      .waitFor();
    await page.keyboard.press(' ');
    await menu.waitFor();
    expect(await words(menu.locator('[data-testid="grid-cell-only"]'))).toBe(
      `Only rows where weather is ${days.at(-1)!.weather}`,
    );
    await page.click('[data-testid="grid-count"]');
    await menu.waitFor({ state: 'detached' });

    // Scrolled by the wheel away from the cursor's cell, the grid keeps its tab stop, in the
    // cursor's column of the rows drawn: Tab still comes back into the cells.
    await grid(page)
      .locator('.scroll')
      .evaluate((el) => el.scrollTo({ top: 0 }));
    await expect
      .poll(() =>
        grid(page)
          .locator('td[tabindex="0"]')
          .evaluate((td) => td.parentElement!.dataset.row),
      )
      .toBe('0');
    await cell(page, 3, 2).click();
    await page.click('[data-testid="grid-count"]');
    await menu.waitFor({ state: 'detached' });
    await grid(page)
      .locator('.scroll')
      .evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
    await expect
      .poll(async () =>
        Number(
          await grid(page)
            .locator('td[tabindex="0"]')
            .evaluate((td) => td.parentElement!.dataset.row),
        ),
      )
      .toBeGreaterThan(days.length / 3);
    expect(await grid(page).locator('td[tabindex="0"]').getAttribute('data-col')).toBe('2');
  });

  it('keeps a cell’s menu on a phone’s screen', async () => {
    const page = await openRows();
    await page.setViewportSize({ width: 390, height: 844 });
    const weather = cell(page, 0, 6);
    await weather.scrollIntoViewIfNeeded();
    await weather.click();
    const box = (await page.locator('[data-testid="grid-cell-menu"]').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  });

  it.each(['light', 'dark'] as const)(
    'has no serious axe violation with a cell’s menu open (%s)',
    async (colorScheme) => {
      const page = await openRows();
      await page.emulateMedia({ colorScheme });
      await cell(page, 2, 6).click();
      await page.waitForSelector('[data-testid="grid-cell-menu"]');
      expect(await serious(page)).toEqual([]);
    },
  );

  it.each(['light', 'dark'] as const)(
    'has no serious axe violation with a filter open (%s)',
    async (colorScheme) => {
      const page = await openRows();
      await page.emulateMedia({ colorScheme });
      await grid(page).locator('[data-testid="grid-sort"][data-column="date"]').click();
      await grid(page).locator('[data-testid="grid-filter"][data-column="date"]').click();
      await page.waitForSelector('[data-testid="grid-filter-form"]');
      expect(await serious(page)).toEqual([]);
    },
  );
});

describe('numbers as a table of money reads', () => {
  it('shows a DECIMAL column with its two places on every value, and cuts no number at a column’s edge', async () => {
    const page = await openRows();
    await blankSession(page);
    const file = await readFile('tests/fixtures/exports/de-bank-statement-windows1252.csv');
    const loads = Number(await page.getAttribute('main', 'data-loads'));
    await page.setInputFiles('input[data-testid="file-input"]', {
      name: 'konto.csv',
      mimeType: 'text/csv',
      buffer: file,
    });
    await page.waitForFunction(
      (n) => Number(document.querySelector('main')?.dataset.loads) > n,
      loads,
    );
    await page.click('[data-testid="show-rows"][data-table="data"]');
    await page.waitForSelector('[data-testid="rows-grid"] tr[data-row="0"] td.num');
    const shown = await grid(page).evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>('tbody td.num')].map((td) => ({
        text: td.textContent ?? '',
        cut: td.scrollWidth > td.clientWidth,
        col: td.dataset.col,
      })),
    );
    expect(shown.length).toBeGreaterThan(26);
    // Soll, Haben and Saldo are DECIMAL(18,2): 1,151.54 and 3,187.42 and 250.00 alike.
    expect(shown.every((c) => /^−?-?[\d,]+\.\d\d$/.test(c.text))).toBe(true);
    expect(shown.filter((c) => c.cut)).toEqual([]);
  });
});
