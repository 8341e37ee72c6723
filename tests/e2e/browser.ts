/** Headless Debian Chromium driven by playwright-core, one browser per test file. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

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

/** A fresh context (empty storage) with the app loaded and its data engine ready. */
export async function openApp(browser: Browser): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  open.add(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(inject('baseUrl'));
  await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
  return { page, errors };
}
