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
import { ask, useScriptedApp } from './agent.ts';
import { openApp, useBrowser } from './browser.ts';
import { loadSample, sessionsReady } from './sessions-helpers.ts';
import { serious } from './axe.ts';

const browser = useBrowser();
/**
 * The sample in a new session, Claude configured and scripted, for the finished analysis: the
 * page of a theme's test before it, which is a fresh page of its own (the empty page is its
 * subject), handed on when it passes (adopt), else a page of its own: 3 boots of DuckDB become 2
 * (the file took 51.2 and 22.6 s, 19.3 and 21.9 s so, runs taken in turn on a loaded machine).
 */
const scripted = useScriptedApp(browser);
describe.each(['light', 'dark'] as const)('accessibility (axe-core), %s theme', (colorScheme) => {
  it('the empty page, a loaded table with its profile, the settings, and several sessions', async () => {
    const opened = await openApp(browser(), { keep: true });
    await scripted.adopt(opened);
    const { page } = opened;
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
    const { page } = await scripted(weatherQuestion());
    // Chromium's own scheme, as on a new page: a theme's test before may have left it dark.
    await page.emulateMedia({ colorScheme: 'light' });
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
