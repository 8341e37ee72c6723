/**
 * Dark mode (issue 17): the page follows the system's setting until the person uses the theme
 * switch; the choice is kept on this device, and charts are drawn in the theme's colours.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { weatherQuestion } from '../fixtures/weather-script.ts';
import { ask, openScripted } from './agent.ts';
import { openApp, useBrowser } from './browser.ts';

const browser = useBrowser();

/** The page's background and text colours as the browser computed them. */
const colours = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.body.parentElement!);
    return { background: style.backgroundColor, ink: style.color };
  });

/** Light or dark, by the page background's lightness. */
async function shade(page: Page): Promise<'light' | 'dark'> {
  const [r, g, b] = (await colours(page)).background.match(/\d+/g)!.map(Number);
  return r! + g! + b! > 382 ? 'light' : 'dark';
}

/** The chart's background, as Vega drew it (the SVG element's own background colour). */
const chartBackground = (page: Page) =>
  page.$eval(
    '[data-testid="plot"][data-rendered] svg',
    (svg) => getComputedStyle(svg).backgroundColor,
  );

describe('theme', () => {
  it('follows the system until switched, and keeps the switch across a reload', async () => {
    const { page } = await openApp(browser());
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await shade(page)).toBe('dark');
    const toggle = page.locator('[data-testid="theme-toggle"]');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await shade(page)).toBe('light');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');

    // The person chooses dark: it stays dark whatever the system says, after a reload too.
    await toggle.click();
    expect(await shade(page)).toBe('dark');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const dark = await colours(page);
    await page.reload();
    await page.waitForSelector('.engine[data-state="ready"]');
    expect(await colours(page)).toEqual(dark);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await shade(page)).toBe('light');
  });

  it('draws charts in the theme’s colours, again when it changes', async () => {
    const { page } = await openScripted(browser(), weatherQuestion());
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    await page.waitForSelector('[data-testid="plot"][data-rendered] svg');
    expect(await chartBackground(page)).toBe('rgb(255, 255, 255)');
    await page.click('[data-testid="theme-toggle"]');
    await page.waitForFunction(() => {
      const svg = document.querySelector('[data-testid="plot"][data-rendered] svg');
      return svg && getComputedStyle(svg).backgroundColor !== 'rgb(255, 255, 255)';
    });
    const pageBackground = (await colours(page)).background;
    const chart = await chartBackground(page);
    // The chart sits on a card: darker than white, and not the bare page behind the cards.
    expect(chart).not.toBe(pageBackground);
    const [r, g, b] = chart.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(200);
  });
});
