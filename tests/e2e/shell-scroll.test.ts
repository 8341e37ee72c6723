/**
 * The page's shell never scrolls (issue 45): after a file is loaded into a new session with a long
 * session list, the top bar stayed scrolled out of sight by 40–210 px at 1280×800, with a grey
 * band below, and no scrolling brought it back. Whatever takes the focus or scrolls into view
 * after a load scrolls inside its own panel.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadFiles, waitForLoads } from './app.ts';
import { openApp, useBrowser } from './browser.ts';
import { sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

/** How far any element that holds the top bar is scrolled, and where the top bar is. */
const shell = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('header.topbar');
    const scrolled: string[] = [];
    for (let el = bar?.parentElement; el; el = el.parentElement)
      if (el.scrollTop || el.scrollLeft) scrolled.push(`${el.className}: ${el.scrollTop}`);
    const doc = document.scrollingElement!;
    if (doc.scrollTop) scrolled.push(`document: ${doc.scrollTop}`);
    // Nothing in the shell is taller than the window: with nine sessions listed, the workspace's
    // grid row grew to the left panel's length, and the shell could be scrolled by anything
    // brought into view (the table's card after a load).
    const overflowing = [...document.querySelectorAll('.app, .workspace, .panel')]
      .filter(
        (el) => el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'auto',
      )
      .map((el) => `${el.className.split(' ')[0]}: ${el.scrollHeight} > ${el.clientHeight}`);
    return { scrolled, overflowing, barTop: Math.round(bar?.getBoundingClientRect().top ?? -1) };
  });

const statement = (i: number) =>
  `Date;Libellé;Montant\n${Array.from({ length: 40 }, (_, k) => `0${(k % 9) + 1}/03/24;Achat n°${i}-${k};${k},50`).join('\n')}\n`;

describe('the shell', () => {
  // One page for both sizes: the long list is made once at 1280 px, and the phone's width then
  // adds to it, so that each size is tried with nine sessions and more listed.
  it('stays in place at 1280 and 390 px after loads into new sessions with a long session list', async () => {
    const { page, errors } = await openApp(browser());
    await page.setViewportSize({ width: 1280, height: 800 });
    await sessionsReady(page);
    const inPlace = async (what: string) =>
      expect(await shell(page), what).toEqual({ scrolled: [], overflowing: [], barTop: 0 });
    for (let i = 0; i < 11; i++) {
      if (i === 9) await page.setViewportSize({ width: 390, height: 844 });
      if (i > 0) {
        // On a phone the session list is a drawer, opened from the top bar.
        if (!(await page.isVisible('[data-testid="new-session"]')))
          await page.click('[data-testid="panel-left-open"]');
        await page.click('[data-testid="new-session"]');
      }
      const loads = Number(await page.getAttribute('main', 'data-loads'));
      if (i % 3 === 0) await page.click('[data-testid="sample-button"]');
      else
        await loadFiles(page, [
          { name: `releve-${i}.csv`, mimeType: 'text/csv', buffer: Buffer.from(statement(i)) },
        ]);
      await waitForLoads(page, loads + 1);
      await page.waitForSelector('[data-testid="profile-table"][data-complete]', {
        state: 'attached',
      });
      await inPlace(`after load ${i + 1}`);
    }
    expect(await page.locator('[data-testid="session-item"]').count()).toBe(11);
    // The first session's table, shown from the list, is brought into view inside its panel.
    await page.click('[data-testid="panel-left-open"]');
    await page.locator('[data-testid="session-item"]').last().locator('button.open').click();
    // On a phone the drawer closes on the session picked.
    expect(await page.getAttribute('.workspace', 'data-left-open')).toBe('false');
    await page.waitForSelector('[data-testid="profile-table"][data-complete]', {
      state: 'attached',
    });
    await inPlace('after a session picked');
    expect(errors).toEqual([]);
  });
});
