/**
 * Undo after deleting a session (issue 33): the notice names it and offers Undo; Undo lists it
 * again in its place, whole, and opens it again if it was open. The delete is carried out when
 * the notice goes, and a reload during the notice carries it out too: the person deleted it.
 * (The delete carried out, the window passed with Playwright's clock: sessions.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadFiles, runSql, summaries } from './app.ts';
import { serious } from './axe.ts';
import { useBrowser } from './browser.ts';
import {
  blankSession,
  currentSession,
  listedSessions,
  openWithSample,
  sessionsReady,
  storedCounts,
} from './sessions-helpers.ts';

const browser = useBrowser();

async function deleteSession(page: Page, id: string): Promise<void> {
  const item = page.locator(`[data-testid="session-item"][data-session-id="${id}"]`);
  await item.locator('[data-testid="session-delete"]').click();
  await item.locator('[data-testid="session-delete-confirm"]').click();
  await page.waitForSelector('[data-testid="delete-notice"]');
}

/** The sample, then second.csv in a session of its own, open. */
async function twoSessions() {
  const opened = await openWithSample(browser());
  const { page } = opened;
  await blankSession(page);
  await loadFiles(page, [
    { name: 'second.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n3,4\n') },
  ]);
  await expect.poll(async () => (await listedSessions(page)).length).toBe(2);
  const listed = await listedSessions(page);
  return { ...opened, listed };
}

describe('undo a delete', () => {
  it('Undo brings the open session back in its place, whole, and opens it again; the notice passes axe', async () => {
    const { page, listed, errors } = await twoSessions();
    const [second, weather] = listed;
    expect(second!.title).toBe('second.csv');

    await deleteSession(page, second!.id);
    expect(await page.textContent('[data-testid="delete-notice"]')).toContain(
      'Deleted “second.csv”.',
    );
    expect(await page.getAttribute('[data-testid="delete-notice"] >> xpath=..', 'role')).toBe(
      'status',
    );
    // The Delete pressed went with its session: the focus is on Undo, for a keyboard.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'undo-delete',
    );
    // The notice passes axe in both themes (on this page: a second boot bought nothing).
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await serious(page), colorScheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => currentSession(page)).toBe(weather!.id);
    expect(await listedSessions(page)).toEqual([weather]);
    await sessionsReady(page, 1);

    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="delete-notice"]', { state: 'detached' });
    await expect.poll(() => currentSession(page)).toBe(second!.id);
    expect(await listedSessions(page)).toEqual(listed);
    await sessionsReady(page, 1);
    expect((await summaries(page)).map((t) => t.file)).toEqual(['second.csv']);
    expect((await storedCounts(page)).sessions).toBe(2);
    expect(errors).toEqual([]);
  });

  // The delete carried out once the notice has gone, its data with it, is sessions.test.ts's
  // (removes it from the list and its data from IndexedDB and OPFS): one flow, one test.

  // A reload during the notice, and a second delete replacing it, are the state suite's
  // (tests/unit/state-suite/undo-delete.test.ts): no browser API of their own to prove here.
});

describe('file names', () => {
  it('a download is named "<session> – <what>.<ext>": the SQL box’s result by its query id', async () => {
    const { page } = await openWithSample(browser());
    expect(await runSql(page, 'SELECT count(*) AS n FROM data')).toMatchObject({ ok: true });
    const id = (await page.textContent('[data-testid="query-id"]'))?.trim();
    expect(id).toMatch(/^Q\d+$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="sql-result"] [data-testid="table-csv"]'),
    ]);
    expect(download.suggestedFilename()).toBe(`weather – ${id}.csv`);
  });
});
