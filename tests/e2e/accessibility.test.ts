/**
 * axe-core (from npm, run inside the page) on each screen a person meets: the empty page, a
 * loaded table with its profile, a finished analysis with a chart, the settings open, the
 * question where a second file goes, and a list of several sessions, in the light theme and the dark one (the system's setting, as the page
 * follows it). No serious or critical violation is allowed (colour contrast included); a chart
 * has a text alternative.
 */
import { describe, expect, it } from 'vitest';
import { weatherQuestion } from '../fixtures/weather-script.ts';
import { showView } from './app.ts';
import { ask, openScripted } from './agent.ts';
import { openApp, useBrowser } from './browser.ts';
import { loadSample, sessionsReady } from './sessions-helpers.ts';
import { serious } from './axe.ts';

const browser = useBrowser();
describe.each(['light', 'dark'] as const)('accessibility (axe-core), %s theme', (colorScheme) => {
  it('the empty page, a loaded table with its profile, the settings, and several sessions', async () => {
    const { page } = await openApp(browser());
    await page.emulateMedia({ colorScheme });
    await sessionsReady(page);
    expect(await serious(page)).toEqual([]);

    await loadSample(page);
    await page.waitForSelector('[data-testid="profile-table"][data-complete]');
    expect(await serious(page)).toEqual([]);
    // The table's rows, in the data tab's grid.
    await page.click('[data-testid="show-rows"][data-table="data"]');
    await page.waitForSelector('[data-testid="rows-grid"] tr[data-row="0"] td.num');
    expect(await serious(page)).toEqual([]);

    await page.click('[data-testid="settings-open"]');
    await page.waitForSelector('[data-testid="settings"]');
    expect(await serious(page)).toEqual([]);
    await page.click('[data-testid="settings-open"]');

    // The question where a second file goes (state/file-intake.svelte.ts); Escape dismisses it.
    await page.setInputFiles('input[data-testid="file-input"]', {
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('region,amount\nNorth,10\nSouth,20\n'),
    });
    await page.waitForSelector('[data-testid="drop-choice"]');
    expect(await serious(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="drop-choice"]', { state: 'detached' });

    await page.click('[data-testid="new-session"]');
    await loadSample(page);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="session-item"]').length >= 2,
    );
    expect(await serious(page)).toEqual([]);
  });
});

describe('accessibility (axe-core) of a finished analysis', () => {
  it('with a chart, in the light and the dark theme', async () => {
    const { page } = await openScripted(browser(), weatherQuestion());
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    // The chart is drawn again in each theme's colours (theme.test.ts): axe reads the new one,
    // on white in the light theme and on a dark card in the dark one.
    const drawn = (dark: boolean) =>
      page.waitForFunction((d) => {
        const svgs = [...document.querySelectorAll('[data-testid="plot"][data-rendered] svg')];
        const white = (svg: Element) =>
          getComputedStyle(svg).backgroundColor === 'rgb(255, 255, 255)';
        return svgs.length > 0 && svgs.every((svg) => white(svg) !== d);
      }, dark);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await showView(page, 'chat');
      await drawn(colorScheme === 'dark');
      expect(await serious(page), colorScheme).toEqual([]);
      // The activity panel is open beside it; the charts tab gathers the chart.
      expect(await page.isVisible('[data-testid="activity-turn"]')).toBe(true);
      await showView(page, 'charts');
      await page.waitForSelector(
        '[data-testid="chart-card"] [data-testid="plot"][data-rendered] svg',
      );
      await drawn(colorScheme === 'dark');
      expect(await serious(page), colorScheme).toEqual([]);
    }
    await showView(page, 'chat');
    // The chart's text alternative says what it shows.
    expect(await page.getAttribute('[data-testid="plot-host"]', 'aria-label')).toBe(
      'Seattle precipitation by month, 2012–2015. Bar chart of Precipitation (mm, 4 years) by Month, 12 points.',
    );
    // The turn's start and end are announced.
    expect(await page.getAttribute('[data-testid="turn-state"]', 'aria-live')).toBe('polite');
  });
});
