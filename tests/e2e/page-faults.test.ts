/**
 * The page's own code, fetched after the entry has started the data engine (src/main.ts), may
 * fail to arrive: the page says so instead of staying blank.
 *
 * Regressions: work the page started without awaiting it — starting a session, claiming
 * its tab lock, following another tab — failed as unhandled rejections, leaving the page silently
 * half-updated. Each failure is now a message in the page, and what was shown stays usable.
 */
import { describe, expect, inject, it } from 'vitest';
import { loadFiles, runSql, waitForLoads } from './app.ts';
import { openApp, useBrowser } from './browser.ts';
import { openSecondTab, openWithSample, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

describe('background work that fails says so in the page', () => {
  it("the page's own code not arriving is said in the page, not a blank one", async () => {
    const context = await browser().newContext({ serviceWorkers: 'block' });
    try {
      await context.route(/\/assets\/start-app-[^/]+\.js$/, (route) =>
        route.abort('internetdisconnected'),
      );
      const page = await context.newPage();
      await page.goto(inject('baseUrl'));
      await expect
        .poll(() => page.textContent('#app'), { timeout: 30_000 })
        .toMatch(/^Sift could not load: .*Reload the page to try again\..+/);
    } finally {
      await context.close();
    }
  });

  it('a session whose tab lock cannot be taken is kept in the tab, with a message', async () => {
    const { page, errors } = await openApp(browser(), {
      init: () => {
        // As in a sandboxed frame, where the Web Locks API refuses every request.
        if (navigator.locks)
          navigator.locks.request = () =>
            Promise.reject(new DOMException('Locks are not allowed here.', 'SecurityError'));
      },
    });
    await sessionsReady(page);
    await page.click('[data-testid="sample-button"]');
    await waitForLoads(page, 1);
    await page.waitForSelector('[data-testid="storage-problem"]');
    expect(await page.textContent('[data-testid="storage-problem"]')).toMatch(
      /cannot be saved \(Locks are not allowed here\.\).*nothing is kept when this tab closes/,
    );
    expect(await runSql(page, 'SELECT count(*) FROM data')).toMatchObject({
      ok: true,
      cells: [['2922']],
    });
    expect(errors).toEqual([]);
  });

  it('a follower that cannot read the tables the writer changed says so', async () => {
    const { page: first } = await openWithSample(browser());
    const second = await openSecondTab(first);
    const secondErrors: string[] = [];
    second.on('pageerror', (e) => secondErrors.push(e.message));
    await second.evaluate(() => {
      // The follower's storage breaks (a disk gone away) after it opened the session.
      const broken = () => {
        throw new DOMException('The disk is gone.', 'UnknownError');
      };
      IDBObjectStore.prototype.get = broken;
      IDBObjectStore.prototype.getAll = broken;
    });
    await loadFiles(first, [
      { name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') },
    ]);
    await second.waitForSelector('[data-testid="session-notice"]');
    expect(await second.textContent('[data-testid="session-notice"]')).toMatch(
      /tables of the session could not be read again: .*disk is gone/,
    );
    // What the follower showed is still there.
    expect(await second.locator('[data-testid="table-summary"]').count()).toBe(1);
    expect(secondErrors).toEqual([]);
  });
});
