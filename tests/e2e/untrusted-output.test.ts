/**
 * Claude's output is untrusted: Markdown and chart specs crafted to make the page fetch a URL
 * must not reach the network. Checked on the build served without any headers, so the CSP is not
 * what stops them: the Markdown allowlist and the chart checks and scrub must hold alone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForLoads } from './app.ts';
import { ask, configure, mock, shownItems } from './agent.ts';
import { launch, openApp } from './browser.ts';
import { startListener, type Listener } from './listener.ts';

let browser: Browser;
let page: Page;
let listener: Listener;
let origin = '';

beforeAll(async () => {
  listener = await startListener();
  origin = listener.origin;
  browser = await launch();
  ({ page } = await openApp(browser, { bare: true }));
  await page.click('[data-testid="sample-button"]');
  await waitForLoads(page, 1);
  await mock().reset();
  await configure(page);
});

afterAll(async () => {
  await browser?.close();
  await listener?.close();
});

describe('output crafted to fetch a URL', () => {
  it('Markdown shows images as text and links with their target, fetching nothing', async () => {
    const text = [
      `Here is a chart ![secret](${origin}/md-image.png?d=42)`,
      `<img src="${origin}/raw-img.png"> <video poster="${origin}/poster.png"></video>`,
      `<div style="background:url(${origin}/style.png)">styled</div>`,
      `[the docs](${origin}/link) and [click](javascript:alert(1))`,
    ].join('\n\n');
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Show me')).toBe('done');
    const item = page.locator('[data-testid="item"][data-type="text"]').last();
    expect(await item.locator('img, video, [style], script').count()).toBe(0);
    const shown = await item.innerText();
    expect(shown).toContain('[image: secret]');
    expect(shown).toContain('127.0.0.1');
    expect(
      await item.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual([`${origin}/link`]);
    await page.waitForTimeout(300);
    expect(listener.requests).toEqual([]);
  });

  it('a chart building a URL in an expression draws without fetching it', async () => {
    const host = origin.replace('http://', '');
    await mock().script([
      {
        reply: {
          tools: [
            {
              name: 'create_plot',
              input: {
                title: 'Sneaky',
                vega_lite_spec: {
                  data: {
                    values: [
                      { a: 'x', b: 1 },
                      { a: 'y', b: 2 },
                    ],
                  },
                  mark: {
                    type: 'bar',
                    fill: { expr: `'ur' + 'l(ht' + 'tp:/' + '/${host}/fill.png)'` },
                  },
                  encoding: {
                    x: { field: 'a', type: 'nominal' },
                    y: { field: 'b', type: 'quantitative' },
                  },
                },
              },
            },
            {
              name: 'create_plot',
              input: {
                title: 'Data from a URL',
                vega_lite_spec: { data: { url: `${origin}/data.csv` }, mark: 'bar', encoding: {} },
              },
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Chart it')).toBe('done');
    await page.waitForSelector('[data-testid="plot"][data-rendered="true"] svg');
    await page.locator('[data-testid="plot"] svg').last().hover();
    await page.waitForTimeout(300);
    expect(listener.requests).toEqual([]);
    // The URL-loading spec was refused, with the reason in the trail, so only one chart shows.
    expect((await shownItems(page)).filter((i) => i.type === 'plot')).toHaveLength(1);
    expect(
      await page.locator('.turn').last().locator('[data-testid="activity"]').textContent(),
    ).toMatch(/Chart rejected: data\.url/);
  });
});
