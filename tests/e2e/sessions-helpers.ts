/** Reading the session list and what the browser stored, as a person or an auditor would. */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForLoads } from './app.ts';
import { openApp, useSharedApp, type OpenedPage, type SharedApp } from './browser.ts';

export interface ListedSession {
  id: string;
  title: string;
}

export async function listedSessions(page: Page): Promise<ListedSession[]> {
  return page.$$eval('[data-testid="session-item"]', (els) =>
    els.map((el) => ({
      id: el.getAttribute('data-session-id') ?? '',
      title: el.getAttribute('data-title') ?? '',
    })),
  );
}

/** Waits for the page to have read its sessions and, if it reopened one, its tables. */
export async function sessionsReady(page: Page, tables = 0): Promise<void> {
  await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
  await page.waitForSelector('main[data-sessions-started="true"]', { timeout: 60_000 });
  if (tables)
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="table-summary"]').length >= n,
      tables,
      { timeout: 60_000 },
    );
}

export async function loadSample(page: Page): Promise<void> {
  const loads = Number(await page.getAttribute('main', 'data-loads'));
  await page.click('[data-testid="sample-button"]');
  await waitForLoads(page, loads + 1);
  await page.waitForSelector('[data-testid="session-item"][aria-current="true"]');
}

/**
 * Starts a new session, as the person does for another file, and waits until the page shows no
 * table and no failed file. An empty page is left as it is: there is nothing to clear, and a
 * click whose reset could not be seen to finish might empty the next test's tables.
 */
export async function blankSession(page: Page): Promise<void> {
  const shown = '[data-testid="table-summary"], [data-testid="load-error"]';
  if ((await page.locator(shown).count()) === 0) return;
  await page.click('[data-testid="new-session"]', { timeout: 30_000 });
  // The view is emptied in the same step that sends DuckDB its reset, so a file loaded after
  // this reaches DuckDB after the reset does.
  await page.waitForFunction((s) => !document.querySelector(s), shown, { timeout: 60_000 });
}

/**
 * One page for those tests of a file that each start from the sample loaded in a new session, at
 * 1280×900 (useSharedApp: the first test to ask opens it). The sessions before stay listed.
 */
export function useSampleApp(browser: () => Browser): SharedApp {
  return useSharedApp(browser, ({ page }) => sampleInNewSession(page));
}

/** The page at 1280×900 with the sample loaded in a new session (useSampleApp's start). */
export async function sampleInNewSession(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await sessionsReady(page);
  await blankSession(page);
  await loadSample(page);
}

/** A fresh browser profile with the app open and the sample loaded as its first session. */
export async function openWithSample(
  browser: Browser,
  options?: Parameters<typeof openApp>[1],
): Promise<OpenedPage> {
  const opened = await openApp(browser, options);
  await sessionsReady(opened.page);
  await loadSample(opened.page);
  return opened;
}

/** The app in another tab of the same profile, at `url`, once it has reopened its tables. */
export async function openSecondTab(first: Page, url = first.url()): Promise<Page> {
  const second = await first.context().newPage();
  await second.goto(url);
  await sessionsReady(second, 1);
  return second;
}

export interface StoredCounts {
  sessions: number;
  files: number;
  events: number;
  histories: number;
  live: number;
  opfsEntries: number;
}

/** Counts what IndexedDB and OPFS hold for this origin, read directly, not through the app. */
export async function storedCounts(page: Page): Promise<StoredCounts> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('sift');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const count = (name: string) =>
      new Promise<number>((resolve, reject) => {
        const req = db.transaction(name).objectStore(name).count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const [sessions, files, events, histories, live] = await Promise.all(
      ['sessions', 'files', 'events', 'histories', 'live'].map(count),
    );
    db.close();
    let opfsEntries = 0;
    const root = await navigator.storage.getDirectory();
    for await (const _ of (root as unknown as { keys(): AsyncIterable<string> }).keys())
      opfsEntries++;
    return {
      sessions: sessions!,
      files: files!,
      events: events!,
      histories: histories!,
      live: live!,
      opfsEntries,
    };
  });
}

/** The stored events of a session, in order, read directly from IndexedDB. */
export async function storedEvents(
  page: Page,
  sessionId: string,
): Promise<Array<{ seq: number; type: string; turnId: string }>> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('sift');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const rows = await new Promise<Array<{ seq: number; event: { type: string; turnId: string } }>>(
      (resolve, reject) => {
        const req = db
          .transaction('events')
          .objectStore('events')
          .getAll(IDBKeyRange.bound([id, 0], [id, Infinity]));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      },
    );
    db.close();
    return rows.map((r) => ({ seq: r.seq, type: r.event.type, turnId: r.event.turnId }));
  }, sessionId);
}

export async function currentSession(page: Page): Promise<string> {
  return (await page.getAttribute('main', 'data-session')) ?? '';
}

/** Waits until nothing of any session is left: no session, file, event, history, draft or OPFS entry. */
export async function expectNothingStored(page: Page): Promise<void> {
  await expect
    .poll(() => storedCounts(page))
    .toEqual({ sessions: 0, files: 0, events: 0, histories: 0, live: 0, opfsEntries: 0 });
}
