/**
 * The page by keyboard alone: the first Tab reaches a skip link to the question box, no hidden
 * control takes a Tab, Enter sends, Escape stops Claude, ↑ brings the last question back,
 * Ctrl+K returns to the question box from anywhere, and ? lists the shortcuts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { configure, ENDLESS_QUERY, mock, openScripted, queryStep, turnEnded } from './agent.ts';
import { useBrowser } from './browser.ts';
import { showView, sqlEditorReady, sqlText } from './app.ts';
import { openWithSample } from './sessions-helpers.ts';

const browser = useBrowser();

/** A question whose query never ends, so that the turn is still working when Escape comes. */
const endless = [queryStep(ENDLESS_QUERY, 'A very long count')];

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('data-testid') ?? el?.className ?? el?.tagName ?? '';
  });

describe('the page by keyboard', () => {
  it('skips to the question, sends with Enter, stops with Escape and recalls with ↑', async () => {
    const { page, errors } = await openWithSample(browser());
    await mock().reset();
    // The key remembered, so that it is still there when the page opens again.
    if (!(await page.isVisible('[data-testid="api-key"]')))
      await page.click('[data-testid="settings-open"]');
    await page.check('[data-testid="remember-key"]');
    await configure(page);
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
    const { page } = await openScripted(browser(), []);
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
