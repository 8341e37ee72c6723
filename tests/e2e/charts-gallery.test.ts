/**
 * Regression: ordinary charts of the Vega-Lite example gallery were refused. The whole
 * gallery sample (tests/fixtures/vega-lite-gallery.ts) goes through the real create_plot path —
 * the mock model calls it, the page checks and draws each chart — and every chart is drawn with
 * marks, none is refused, and the interactive ones react to the person.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GALLERY, inlined } from '../fixtures/vega-lite-gallery.ts';
import { ask, openScripted } from './agent.ts';
import { useBrowser } from './browser.ts';

const browser = useBrowser();
const PER_REPLY = 12;

/** The charts, a dozen create_plot calls per model reply, then finalize. */
function script() {
  const calls = GALLERY.map((chart) => ({
    name: 'create_plot',
    input: { title: chart.name, vega_lite_spec: inlined(chart) },
  }));
  const replies = [];
  for (let i = 0; i < calls.length; i += PER_REPLY)
    replies.push({ reply: { tools: calls.slice(i, i + PER_REPLY) } });
  replies.push({ reply: { tools: [{ name: 'finalize', input: { session_title: null } }] } });
  return replies;
}

const chart = (page: Page, name: string) =>
  page.locator('[data-testid="plot"]').filter({
    has: page.locator('.plot-title', {
      hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    }),
  });

describe('the Vega-Lite gallery through create_plot', () => {
  it('draws every chart, refuses none, and the interactive ones respond', async () => {
    const { page, errors } = await openScripted(browser(), script());
    expect(await ask(page, 'Show me every kind of chart')).toBe('done');

    const trail = await page.locator('[data-testid="activity"]').last().textContent();
    expect(trail).not.toMatch(/Chart rejected/);
    const plots = page.locator('[data-testid="plot"]');
    expect(await plots.count()).toBe(GALLERY.length);
    // Each is drawn (charts below the fold draw too) with marks and without a failure: read
    // from the page at once, one chart at a time cost 67 round trips (5.7 s of the file's 20).
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="plot"] svg').length >= n,
      GALLERY.length,
      { timeout: 60_000 },
    );
    const drawn = await page.$$eval('[data-testid="plot"]', (els) =>
      els.map((el) => ({
        title: el.querySelector('.plot-title')?.textContent ?? '',
        svg: el.querySelectorAll('svg').length,
        marks: el.querySelectorAll('[role="graphics-symbol"]').length,
        alerts: el.querySelectorAll('[role="alert"]').length,
      })),
    );
    for (const c of GALLERY) {
      const shown = drawn.filter((d) => d.title === c.name);
      expect.soft(shown, c.name).toHaveLength(1);
      expect.soft(shown[0]?.svg, c.name).toBeGreaterThan(0);
      expect.soft(shown[0]?.marks, c.name).toBeGreaterThan(0);
      expect.soft(shown[0]?.alerts, c.name).toBe(0);
    }

    // Colours taken from a column: a value that is not a colour is drawn grey, and said.
    const painted = chart(page, 'bars in the colours of a column');
    expect(await painted.locator('path[role="graphics-symbol"][fill="gray"]').count()).toBe(2);
    expect(await painted.locator('details.warnings li').allTextContents()).toEqual([
      'A colour from the data that is not a colour is drawn grey.',
    ]);

    // A point selection: clicking a bar fades the others.
    const bars = chart(page, 'point selection highlighting bars');
    await bars.scrollIntoViewIfNeeded();
    const faded = () =>
      bars
        .locator('path[role="graphics-symbol"]')
        .evaluateAll((els) => els.filter((e) => Number(e.getAttribute('opacity') ?? 1) < 1).length);
    expect(await faded()).toBe(0);
    await bars.locator('path[role="graphics-symbol"]').first().click({ force: true });
    await expect.poll(faded).toBeGreaterThan(0);

    // A slider binding is drawn as a slider, and moving it recolours the points.
    const slider = chart(page, 'slider binding');
    await slider.scrollIntoViewIfNeeded();
    const input = slider.locator('input[type="range"]');
    expect(await input.count()).toBe(1);
    const blue = () =>
      slider
        .locator('path[role="graphics-symbol"]')
        .evaluateAll((els) => els.filter((e) => e.getAttribute('stroke') === '#3b6ea5').length);
    const before = await blue();
    await input.fill('200');
    await expect.poll(blue).toBeLessThan(before);
    // A dropdown binding is a select of its options.
    expect(await chart(page, 'dropdown binding').locator('select option').allInnerTexts()).toEqual([
      'USA',
      'Europe',
      'Japan',
    ]);
    expect(errors).toEqual([]);
  });
});
