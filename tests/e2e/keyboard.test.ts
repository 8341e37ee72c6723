/**
 * The page by keyboard alone: the first Tab reaches a skip link to the question box, no hidden
 * control takes a Tab, Enter sends, Escape stops Claude, ↑ brings the last question back,
 * Ctrl+K returns to the question box from anywhere, and ? lists the shortcuts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  configure,
  ENDLESS_QUERY,
  mock,
  openSettings,
  queryStep,
  turnEnded,
  useScriptedApp,
} from './agent.ts';
import { useBrowser } from './browser.ts';
import { showView, sqlEditorReady, sqlText } from './app.ts';

const browser = useBrowser();
/**
 * The sample in a new session, Claude configured and scripted: one page for both tests, which
 * each start so (useScriptedApp): 3 boots of DuckDB become 2, the first test's reload being one
 * (the file took 30.2 and 39.5 s, 21.7 and 24.8 s so, runs taken in turn on a loaded machine).
 * Whether the key is remembered is a saved setting that outlives the session (and the first
 * test's reload), so each test sets it.
 */
const scripted = useScriptedApp(browser);

/** Ticks or clears "Remember the key" in the settings, and saves them with Claude configured. */
async function rememberKey(page: Page, on: boolean): Promise<void> {
  await openSettings(page);
  await page.setChecked('[data-testid="remember-key"]', on);
  await configure(page);
}

/** A question whose query never ends, so that the turn is still working when Escape comes. */
const endless = [queryStep(ENDLESS_QUERY, 'A very long count')];

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('data-testid') ?? el?.className ?? el?.tagName ?? '';
  });

describe('the page by keyboard', () => {
  it('skips to the question, sends with Enter, stops with Escape and recalls with ↑', async () => {
    const { page, errors } = await scripted([]);
    // The key remembered, so that it is still there when the page opens again.
    await rememberKey(page, true);
    await mock().script(endless);
    // From the top of the page, as after opening it: the first Tab is the skip link.
    await page.reload();
    await page.waitForSelector('[data-testid="table-summary"]');
    await page.waitForSelector('[data-testid="profile-table"][data-complete]');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('skip-link');
    expect(await page.locator('.skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'chat-input',
    );

    await page.keyboard.type('How many rows?');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="turn-state"][data-state="running"]');
    await page.waitForSelector(
      '[data-testid="item"][data-type="query_result"][data-running="true"]',
    );
    await page.keyboard.press('Escape');
    expect(await turnEnded(page, 1, 10_000)).toBe('stopped');

    // The box is empty again: ↑ brings the question back, to edit or send again.
    expect(await page.inputValue('[data-testid="chat-input"]')).toBe('');
    await page.focus('[data-testid="chat-input"]');
    await page.keyboard.press('ArrowUp');
    expect(await page.inputValue('[data-testid="chat-input"]')).toBe('How many rows?');
    expect(errors).toEqual([]);
  });

  it('never stops at a hidden control, returns to the question with Ctrl+K, and lists the shortcuts with ?', async () => {
    const { page } = await scripted([]);
    // Not remembered, as in a new profile: the test before may have ticked it, and the settings
    // panel, open here, shows more with it ticked.
    await rememberKey(page, false);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const stops: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const box = el.getBoundingClientRect();
          const hidden =
            box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden';
          return hidden ? `hidden:${el.getAttribute('data-testid') ?? el.tagName}` : 'shown';
        }),
      );
    }
    expect(stops.filter((s) => s.startsWith('hidden'))).toEqual([]);

    // A `?` typed in the SQL editor is SQL, not the shortcut (its events come from a shadow root).
    await showView(page, 'data');
    await sqlEditorReady(page);
    await page.click('[data-testid="sql-input"]');
    await page.keyboard.type('SELECT 1 -- why?');
    expect(await sqlText(page)).toBe('SELECT 1 -- why?');
    expect(await page.isVisible('[data-testid="shortcuts"]')).toBe(false);
    await page.keyboard.press('Control+k');
    expect(await focused(page)).toBe('chat-input');

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const dialog = page.locator('[data-testid="shortcuts"]');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toMatch(
      /Esc\s*Close the open panel; else stop the model while it works/,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Typed into a field, ? is a character.
    await page.focus('[data-testid="chat-input"]');
    await page.keyboard.press('?');
    expect(await page.inputValue('[data-testid="chat-input"]')).toBe('?');
    expect(await dialog.isVisible()).toBe(false);
  });
});
