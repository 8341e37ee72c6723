/**
 * The Chromium every test, benchmark and screenshot starts (scripts/chromium.mjs): one
 * `--disable-features` reaches it, Playwright's own list and ours together — Chromium keeps only
 * the last, so a second would mean Playwright changed its list and ours has fallen behind — and no
 * tab builds the address bar's popup pages, which cost each page about a second of CPU.
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromiumServer, SIFT_DISABLED } from '../../scripts/chromium.mjs';

describe('the tests’ Chromium', () => {
  it('gets one --disable-features, with ours in it, and builds no address-bar popup for a tab', async () => {
    const server = await launchChromiumServer();
    try {
      const pid = server.process().pid!;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const disabled = args.filter((a) => a.startsWith('--disable-features='));
      expect(
        disabled,
        'Playwright’s --disable-features changed: update scripts/chromium.mjs',
      ).toHaveLength(1);
      const names = disabled[0]!.slice('--disable-features='.length).split(',');
      expect(names).toEqual(expect.arrayContaining([...SIFT_DISABLED, 'PaintHolding']));

      const browser = await chromium.connect(server.wsEndpoint());
      const page = await (await browser.newContext()).newPage();
      await page.goto('about:blank');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
      expect(targetInfos.filter((t) => t.type === 'page')).toHaveLength(1);
      await browser.close();
    } finally {
      await server.close();
    }
  });
});
