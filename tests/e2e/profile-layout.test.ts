/**
 * The column profile's layout (issue 33): at 1280×800 with the Activity panel open every field
 * of every column reads without scrolling sideways, on the bundled sample and on 20 columns; a
 * column's details open on demand with its typical values; an identifier shows no list of values
 * counted once; a numeric column's histogram holds its non-null values; on a phone each column
 * is a block within the screen's width; axe finds nothing serious in either theme.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HISTOGRAM_BINS } from '../../src/core/sql/profile.ts';
import { showView, waitForLoads } from './app.ts';
import { useBrowser, useSharedApp } from './browser.ts';
import { blankSession, sessionsReady } from './sessions-helpers.ts';
import { serious } from './axe.ts';
import { ordersWideCsv } from '../fixtures/orders-wide.ts';

const browser = useBrowser();
const PROFILE = '[data-testid="profile-table"][data-complete]';

const wideCsv = () => Buffer.from(ordersWideCsv());

/**
 * One page for the file (browser.ts, useSharedApp): each test starts in a new session at
 * 1280×800, in the system's theme, with the Activity panel closed.
 */
const shared = useSharedApp(browser, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: null });
  await sessionsReady(page);
  if (await page.isVisible('[data-testid="panel-right"]'))
    await page.click('[data-testid="activity-close"]');
  await blankSession(page);
});

async function openWith(
  file: 'sample' | 'wide',
  viewport: { width: number; height: number },
): Promise<Page> {
  const { page } = await shared();
  await page.setViewportSize(viewport);
  const loads = Number(await page.getAttribute('main', 'data-loads'));
  if (file === 'sample') await page.click('[data-testid="sample-button"]');
  else
    await page.setInputFiles('input[data-testid="file-input"]', {
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: wideCsv(),
    });
  await waitForLoads(page, loads + 1);
  await showView(page, 'data');
  await page.waitForSelector(PROFILE);
  return page;
}

/** The Activity panel is hidden until a turn: shown with its button, as a person would. */
async function showActivity(page: Page): Promise<void> {
  if (!(await page.isVisible('[data-testid="panel-right"]')))
    await page.click('[data-testid="panel-right-toggle"]');
  await page.waitForSelector('[data-testid="panel-right"]', { state: 'visible' });
}

/** What of the profile lies outside its scroll box or the viewport, sideways. */
const outside = (page: Page) =>
  page.$eval(PROFILE, (table) => {
    const box = table.closest('[role="region"]')!;
    const frame = box.getBoundingClientRect();
    const out: string[] = [];
    if (box.scrollWidth > box.clientWidth + 1)
      out.push(`scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
    for (const tr of table.querySelectorAll('tr[data-column]')) {
      const fields = tr.querySelectorAll(
        'th, td, .issue-chip, [data-testid="profile-range"], svg, code',
      );
      for (const el of fields) {
        const r = el.getBoundingClientRect();
        const left = Math.max(0, frame.left);
        const right = Math.min(innerWidth, frame.right);
        if (r.width > 0 && (r.left < left - 1 || r.right > right + 1))
          out.push(`${tr.getAttribute('data-column')} ${el.className}: ${r.left}–${r.right}`);
      }
    }
    return out;
  });

describe('the column profile at 1280×800 with the Activity panel open', () => {
  it.each(['sample', 'wide'] as const)(
    'reads every field of the %s without scrolling sideways',
    async (file) => {
      const page = await openWith(file, { width: 1280, height: 800 });
      await showActivity(page);
      const columns = await page.locator(`${PROFILE} tr[data-column]`).count();
      expect(columns).toBe(file === 'sample' ? 7 : 20);
      expect(await outside(page)).toEqual([]);
      // No "None" repeated down the issues: a clean column's issues cell is empty.
      const clean = page.locator(
        `${PROFILE} tr[data-column="temp_max"], ${PROFILE} tr[data-column="rating"]`,
      );
      await expect(clean.locator('td[data-field="issues"]').innerText()).resolves.toBe('');
      // An issue is a short chip; its title carries the whole sentence.
      const chip = page
        .locator(
          `${PROFILE} tr[data-column="${file === 'sample' ? 'precipitation' : 'discount_rate'}"] .issue-chip`,
        )
        .first();
      const title = await chip.getAttribute('title');
      expect(title).toMatch(
        file === 'sample' ? /^Heavy tail: \d+% of values/ : /^High null rate: 67% missing$/,
      );
      expect(await chip.innerText()).toBe(title!.split(':')[0]);
    },
  );

  it('opens a column’s details with its typical values and counts, the issues in full', async () => {
    const page = await openWith('sample', { width: 1280, height: 800 });
    await showActivity(page);
    const row = page.locator(`${PROFILE} tr[data-column="weather"]`);
    const toggle = row.locator('[data-testid="profile-toggle"]');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-testid="profile-details"]').count()).toBe(0);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const details = page.locator('[data-testid="profile-details"][data-details="weather"]');
    expect(await toggle.getAttribute('aria-controls')).toBe(await details.getAttribute('id'));
    const values = await details.locator('[data-testid="typical-value"]').allInnerTexts();
    expect(values.map((v) => v.replace(/\s+/g, ' '))).toEqual([
      'sun 1,466',
      'rain 1,087',
      'fog 139',
      'snow 119',
      'drizzle 111',
    ]);
    // Still one row per column for the tests that read them; the details close again.
    expect(await page.locator(`${PROFILE} tr[data-column]`).count()).toBe(7);
    const precipitation = page.locator(`${PROFILE} tr[data-column="precipitation"]`);
    await precipitation.locator('[data-testid="profile-toggle"]').click();
    await expect(page.locator('[data-details="precipitation"]').innerText()).resolves.toMatch(
      /Heavy tail: \d+% of values lie beyond 3× the interquartile range/,
    );
    await toggle.click();
    expect(await page.locator('[data-details="weather"]').count()).toBe(0);
  });

  it('shows no list of values counted once for an identifier, and keeps them in its details', async () => {
    const page = await openWith('wide', { width: 1280, height: 800 });
    const row = page.locator(`${PROFILE} tr[data-column="order_code"]`);
    expect(await row.getAttribute('data-unique')).toBe('300');
    await expect(row.locator('[data-testid="profile-words"]').innerText()).resolves.toBe(
      'all distinct',
    );
    const compact = await row.innerText();
    await row.locator('[data-testid="profile-toggle"]').click();
    const values = await page
      .locator('[data-details="order_code"] [data-testid="typical-value"]')
      .allInnerTexts();
    expect(values).toHaveLength(5);
    for (const v of values) expect(v).toMatch(/\s1$/);
    // The second value is neither the minimum nor the maximum: the compact row does not show it.
    expect(compact).not.toContain(values[1]!.split(/\s/)[0]);
  });

  it.each([
    ['sample', 'temp_max'],
    ['sample', 'date'],
    ['wide', 'discount_rate'],
  ] as const)('draws %s’s %s as a histogram holding its non-null values', async (file, name) => {
    const page = await openWith(file, { width: 1280, height: 800 });
    const row = page.locator(`${PROFILE} tr[data-column="${name}"]`);
    const svg = row.locator('svg[data-testid="profile-histogram"]');
    expect(await svg.getAttribute('role')).toBe('img');
    expect(await svg.getAttribute('aria-label')).toMatch(new RegExp(`^Distribution of ${name} `));
    const counts = (
      await svg.locator('rect').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-count')))
    ).map(Number);
    expect(counts).toHaveLength(HISTOGRAM_BINS);
    const total = counts.reduce((a, b) => a + b, 0);
    expect(total).toBe(Number(await row.getAttribute('data-non-null')));
    expect(total).toBe(file === 'sample' ? 2922 : 100);
  });
});

describe('the column profile on a phone', () => {
  it.each(['sample', 'wide'] as const)(
    'shows each column of the %s as a block within the screen',
    async (file) => {
      const page = await openWith(file, { width: 390, height: 844 });
      expect(await outside(page)).toEqual([]);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(
        true,
      );
      // Each field names itself, in the list that replaces the table's header.
      const row = page.locator(`${PROFILE} tr[data-column]`).nth(2);
      const text = await row.innerText();
      for (const label of ['TYPE', 'NON-NULL', 'UNIQUE', 'DISTRIBUTION · RANGE'])
        expect(text.toUpperCase()).toContain(label);
      await row.locator('[data-testid="profile-toggle"]').click();
      const details = page.locator('[data-testid="profile-details"]');
      const box = await details.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    },
  );
});

describe.each(['light', 'dark'] as const)('the column profile in the %s theme', (colorScheme) => {
  it('has no serious or critical axe violation, details open or not', async () => {
    const page = await openWith('wide', { width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme });
    await showActivity(page);
    expect(await serious(page)).toEqual([]);
    await page
      .locator(`${PROFILE} tr[data-column="discount_rate"] [data-testid="profile-toggle"]`)
      .click();
    expect(await serious(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await serious(page)).toEqual([]);
  });
});
