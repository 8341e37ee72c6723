/**
 * The Chromium every test, benchmark and screenshot starts (scripts/chromium.mjs): one
 * `--disable-features` reaches it, Playwright's own list and ours together — Chromium keeps only
 * the last, so a second would mean Playwright changed its list and ours has fallen behind — and no
 * tab builds the address bar's popup pages, which cost each page about a second of CPU. The tests'
 * own switches (TEST_SWITCHES: DuckDB's wasm recompiled only when it runs long) reach the
 * renderers, where V8 reads them.
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rendererPids } from '../../bench/lib/browser.mjs';
import { launchChromiumServer, SIFT_DISABLED, TEST_SWITCHES } from '../../scripts/chromium.mjs';

/**
 * A process's switches. Chromium retitles the processes its zygote forks (renderers among them),
 * so theirs read as one line with spaces, not NUL-separated; no switch checked here has a space.
 */
const commandLine = (pid: number | string) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);

describe('the tests’ Chromium', () => {
  it('gets one --disable-features, with ours in it, builds no address-bar popup for a tab, and gives its renderers the tests’ V8 switches', async () => {
    const server = await launchChromiumServer(TEST_SWITCHES);
    try {
      const pid = server.process().pid!;
      const disabled = commandLine(pid).filter((a) => a.startsWith('--disable-features='));
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

      const renderers = rendererPids(pid).map(commandLine);
      expect(renderers.length).toBeGreaterThan(0);
      for (const args of renderers) expect(args).toEqual(expect.arrayContaining(TEST_SWITCHES));
      await browser.close();
    } finally {
      await server.close();
    }
  });
});
