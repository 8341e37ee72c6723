/**
 * A million rows × 20 columns read and profiled while the page keeps drawing frames: a stress
 * test (npm run test:stress), minutes of DuckDB work on two cores.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaries, waitForLoads } from '../e2e/app.ts';
import { openApp, useBrowser } from '../e2e/browser.ts';
import { shownProfile, writeWideCsv } from '../e2e/profile-helpers.ts';

const browser = useBrowser();

describe('a million rows', () => {
  it('loads 1,000,000 × 20 and profiles every column while the page keeps drawing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sift-')), 'million.csv');
    await writeWideCsv(path, 1_000_000, 20);
    const { page } = await openApp(browser());
    // Frames drawn by the page's main thread: a frozen page draws none.
    await page.evaluate(() => {
      const w = window as unknown as { frames_: number };
      w.frames_ = 0;
      const tick = () => {
        w.frames_++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const frames = () => page.evaluate(() => (window as unknown as { frames_: number }).frames_);
    await page.setInputFiles('input[data-testid="file-input"]', path);
    // While DuckDB reads the file the page says what it is doing, and keeps drawing.
    await page
      .locator('[data-testid="load-progress"]')
      .filter({ hasText: /Reading million\.csv \(\d+(\.\d)? MB\)/ })
      .waitFor();
    const loading = await frames();
    await waitForLoads(page, 1);
    expect(await frames()).toBeGreaterThan(loading);
    const [summary] = await summaries(page);
    expect(summary).toMatchObject({ rows: 1_000_000, cols: 20 });
    const before = await frames();
    const shown = await shownProfile(page);
    expect(shown).toHaveLength(20);
    // A million distinct identifiers, estimated near all distinct, are then counted exactly
    // (issue 45: "all distinct" is said only when true); five regions are counted.
    expect(shown[0]).toEqual({ column: 'c0', nonNull: 1_000_000, unique: 1_000_000 });
    expect(shown[1]).toEqual({ column: 'c1', nonNull: 1_000_000, unique: 5 });
    expect(await frames()).toBeGreaterThan(before);
  });
});
