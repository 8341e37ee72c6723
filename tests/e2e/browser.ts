/** Headless Debian Chromium driven by playwright-core: one browser per test file. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchChromium } from '../../scripts/chromium.mjs';

export const launch = launchChromium;

export interface OpenedPage {
  page: Page;
  /** Uncaught errors in the page, to assert there were none. */
  errors: string[];
}

const open = new Set<BrowserContext>();

/** Closes every page opened by `openApp`: each holds a DuckDB instance of its own. */
export async function closeApps(): Promise<void> {
  await Promise.all([...open].map((c) => c.close()));
  open.clear();
}

/** Launches a browser for this file's tests and closes each test's pages after it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(closeApps);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running yet.');
    return browser;
  };
}

/**
 * A fresh context (empty storage) with the app loaded and its data engine ready; `bare` serves
 * the same build without any HTTP headers, so without its Content-Security-Policy; `url` opens
 * the app from another server; `init` runs in each page before the app.
 */
export async function openApp(
  browser: Browser,
  {
    bare = false,
    url,
    init,
    ready = true,
  }: {
    bare?: boolean;
    url?: string;
    init?: () => void;
    /** Wait for the data engine to be ready (the default). */
    ready?: boolean;
  } = {},
): Promise<OpenedPage> {
  // No service worker: each test is a first visit, whose precaching of the whole build (40 MB)
  // would only slow it. tests/e2e/offline.test.ts is where the service worker is tested.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  open.add(context);
  // Runs in every page of the context before the app's own scripts (to break a browser API).
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url ?? inject(bare ? 'bareUrl' : 'baseUrl'));
  if (ready) await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
  return { page, errors };
}
