/**
 * Headless Debian Chromium driven by playwright-core: the one the run's global set-up started,
 * which each test file connects to, and whose contexts it closes when done.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject, onTestFailed } from 'vitest';
import { launchChromium, TEST_SWITCHES } from '../../scripts/chromium.mjs';

/**
 * The run's Chromium; a browser of this file's own should it have gone (a file run with another
 * config). Closing a connected browser closes the contexts this file made and disconnects.
 */
export async function launch(): Promise<Browser> {
  const ws = inject('chromiumWs');
  if (ws) {
    const connected = await chromium.connect(ws).catch(() => undefined);
    if (connected) return connected;
  }
  return launchChromium(TEST_SWITCHES);
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

/** A page shared by a file's tests (useSharedApp). */
export type SharedApp = (() => Promise<OpenedPage>) & {
  /**
   * Makes `opened` (opened with `keep`) the shared page, in place of the one before, which is
   * closed: a test whose subject is a fresh page of its own hands it on to the tests that share
   * one. Called at the start of that test, so that its failure throws the page away.
   */
  adopt(opened: OpenedPage): Promise<void>;
};

/**
 * One page for those tests of a file that each start from the same state, because booting DuckDB
 * is most of a short test (about 4 of its 7 s on 2 cores, ~100 boots in the suite). The page is
 * opened by the first test that asks for it, so each test still runs alone; `reset` brings it
 * back to the state every test starts from (and sees `fresh` the first time it sees a page); a
 * failed test throws it away, so the next test starts from a new one; the errors are each test's
 * own.
 */
export function useSharedApp(
  browser: () => Browser,
  reset: (opened: OpenedPage, fresh: boolean) => Promise<void>,
  { bare = false }: { bare?: boolean } = {},
): SharedApp {
  let shared: OpenedPage | undefined;
  /** `reset` has seen the shared page. */
  let seen = false;
  const discard = async () => {
    const page = shared?.page;
    shared = undefined;
    // The browser may be closed already, and the context with it.
    await page
      ?.context()
      .close()
      .catch(() => undefined);
  };
  afterAll(discard);
  /** A failed test's page is described before it goes: what it showed is the first clue. */
  const failed = async () => {
    const page = shared?.page;
    if (page) console.error(`The shared page when the test failed: ${await shownState(page)}`);
    await discard();
  };
  const get = async () => {
    onTestFailed(failed);
    if (!shared) {
      shared = await openApp(browser(), { keep: true, bare });
      seen = false;
    }
    const fresh = !seen;
    seen = true;
    shared.errors.length = 0;
    await reset(shared, fresh);
    return shared;
  };
  const adopt = async (opened: OpenedPage) => {
    onTestFailed(failed);
    if (opened === shared) return;
    await discard();
    shared = opened;
    seen = false;
  };
  return Object.assign(get, { adopt });
}

/** The page's centre in a few lines: its state attributes and the start of what it says. */
async function shownState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const main = document.querySelector('main');
      if (!main) return 'no <main>';
      const attrs = [...main.attributes].map((a) => `${a.name}="${a.value}"`).join(' ');
      const current = document.querySelector('[data-testid="session-item"][aria-current="true"]');
      return `<main ${attrs}> (open: ${current?.getAttribute('data-title') ?? 'none'}): ${main.innerText.slice(0, 400)}`;
    })
    .catch((e: unknown) => `unreadable (${String(e)})`);
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
    keep = false,
    locale,
  }: {
    bare?: boolean;
    url?: string;
    init?: () => void;
    /** Wait for the data engine to be ready (the default). */
    ready?: boolean;
    /** Left open after the test: useSharedApp closes it. */
    keep?: boolean;
    /** The browser's language and region (`fr-FR`); Chromium's own when absent. */
    locale?: string;
  } = {},
): Promise<OpenedPage> {
  // No service worker: each test is a first visit, whose precaching of the whole build (40 MB)
  // would only slow it. tests/e2e/offline.test.ts is where the service worker is tested.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
    ...(locale ? { locale } : {}),
  });
  if (!keep) open.add(context);
  // Runs in every page of the context before the app's own scripts (to break a browser API).
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url ?? inject(bare ? 'bareUrl' : 'baseUrl'));
  if (ready) await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
  return { page, errors };
}
