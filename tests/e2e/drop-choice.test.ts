/**
 * A file brought to a session that has tables goes where the person says (issue 28, item 3): the
 * page asks in place, Escape loads nothing, "New session" makes a second session of the new file
 * alone and shows its summary, "Add to this session" with "Remember my choice" joins the next
 * file without asking; the example questions follow the newest table, and the settings panel
 * shows the remembered choice and takes it back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadFiles, summaries, waitForLoads } from './app.ts';
import { openApp, useBrowser } from './browser.ts';
import { currentSession, listedSessions, loadSample, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

const ORDERS = 'order_id,region,amount\n1,North,10.5\n2,South,20\n3,North,7.25\n4,East,12\n';
const CUSTOMERS = 'customer_id,segment,spend\n1,Retail,100\n2,Trade,250\n3,Retail,80\n';

/** Drops a CSV on the page as the browser fires it for a file dragged from the desktop. */
async function drop(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(
    ([n, t]) => {
      const data = new DataTransfer();
      data.items.add(new File([t!], n!, { type: 'text/csv' }));
      const app = document.querySelector('.app')!;
      const fire = (type: string) =>
        app.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      fire('dragover');
      fire('drop');
    },
    [name, text],
  );
}

const loads = async (page: Page) => Number(await page.getAttribute('main', 'data-loads'));
const focused = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id,
  );

/** The first example question, once the profiles it is made from are done. */
async function firstExample(page: Page, mentioning: string): Promise<string> {
  const first = page.locator('[data-testid="example-question"]').first();
  await page.waitForFunction(
    (word) =>
      document.querySelector('[data-testid="example-question"]')?.textContent?.includes(word),
    mentioning,
    { timeout: 30_000 },
  );
  return (await first.textContent()) ?? '';
}

describe('a file brought to a session with tables', () => {
  it('asks where it goes, and goes there', async () => {
    const { page, errors } = await openApp(browser());
    await sessionsReady(page);
    await loadSample(page);
    const weather = await currentSession(page);
    const before = await loads(page);

    // Asked in place, focus on the first answer; Escape loads nothing.
    await drop(page, 'orders.csv', ORDERS);
    await page.waitForSelector('[data-testid="drop-choice"]');
    expect(await page.textContent('[data-testid="drop-choice"]')).toContain(
      'Where should orders.csv go?',
    );
    expect(await focused(page)).toBe('drop-choice-add');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="drop-choice"]', { state: 'detached' });
    expect(await loads(page)).toBe(before);
    expect((await summaries(page)).map((s) => s.file)).toEqual(['weather.csv']);

    // "New session": a second session, holding the new table alone, its summary in view.
    await drop(page, 'orders.csv', ORDERS);
    await page.click('[data-testid="drop-choice-new"]');
    await waitForLoads(page, before + 1);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="session-item"]').length === 2,
    );
    const orders = await currentSession(page);
    expect(orders).not.toBe(weather);
    expect((await listedSessions(page)).map((s) => s.id).sort()).toEqual([orders, weather].sort());
    expect(await summaries(page)).toMatchObject([{ table: 'data', file: 'orders.csv' }]);
    expect(await page.getAttribute('[data-testid="view-data"]', 'aria-selected')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.id === 'table-data');
    expect(await firstExample(page, 'region')).toBe('Which region has the highest total amount?');

    // "Add to this session", remembered: this file joins, and the next one without a question.
    await drop(page, 'customers.csv', CUSTOMERS);
    await page.check('[data-testid="drop-choice-remember"]');
    await page.click('[data-testid="drop-choice-add"]');
    await waitForLoads(page, before + 2);
    expect(await currentSession(page)).toBe(orders);
    expect((await summaries(page)).map((s) => s.table)).toEqual(['data', 'customers']);
    await page.waitForFunction(() => document.activeElement?.id === 'table-customers');
    expect(await firstExample(page, 'segment')).toBe(
      'Which segment has the highest average spend?',
    );

    await drop(page, 'more.csv', ORDERS);
    expect(await page.locator('[data-testid="drop-choice"]').count()).toBe(0);
    await waitForLoads(page, before + 3);
    expect((await summaries(page)).map((s) => s.table)).toEqual(['data', 'customers', 'more']);
    expect(await listedSessions(page)).toHaveLength(2);

    // The settings panel shows the remembered choice, and "Ask each time" brings the question back.
    await page.click('[data-testid="settings-open"]');
    expect(await page.inputValue('[data-testid="settings-new-files"]')).toBe('add');
    await page.selectOption('[data-testid="settings-new-files"]', 'ask');
    await page.click('[data-testid="save-settings"]');
    await loadFiles(page, [
      { name: 'last.csv', mimeType: 'text/csv', buffer: Buffer.from(ORDERS) },
    ]);
    expect((await summaries(page)).map((s) => s.table)).toContain('last');
    expect(errors).toEqual([]);
  });

  it('is not asked in an empty session', async () => {
    const { page, errors } = await openApp(browser());
    await sessionsReady(page);
    await drop(page, 'orders.csv', ORDERS);
    await waitForLoads(page, 1);
    expect(await page.locator('[data-testid="drop-choice"]').count()).toBe(0);
    expect(await summaries(page)).toMatchObject([{ table: 'data', file: 'orders.csv' }]);
    expect(errors).toEqual([]);
  });
});
