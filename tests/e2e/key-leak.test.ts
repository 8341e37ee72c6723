/**
 * The API key goes to the model endpoint, in the SDK's authentication header, and nowhere else:
 * after an analysis, a question with a chart, a refused key and a model listing, it is in no
 * IndexedDB record, no web storage, no export, no console line of the page or its workers, and
 * no request but the model's.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weatherAnalysis, weatherQuestion } from '../fixtures/weather-script.ts';
import { downloaded, waitForLoads } from './app.ts';
import { analyze, ask, configure, KEY, messageRequests, mock } from './agent.ts';
import { launch, openApp } from './browser.ts';
import { mockUrl } from './mock-url.ts';

let browser: Browser;
let page: Page;
const requests: Request[] = [];
const logged: string[] = [];

beforeAll(async () => {
  browser = await launch();
  ({ page } = await openApp(browser));
  page.context().on('request', (r) => requests.push(r));
  page.on('console', (m) => logged.push(m.text()));
  for (const worker of page.workers()) worker.on('console', (m) => logged.push(m.text()));
  page.on('worker', (worker) => worker.on('console', (m) => logged.push(m.text())));
  page.on('pageerror', (e) => logged.push(e.message));
  await page.click('[data-testid="sample-button"]');
  await waitForLoads(page, 1);
  await mock().reset();
  await configure(page);
  await mock().script(weatherAnalysis());
  expect(await analyze(page)).toBe('done');
  await mock().script(weatherQuestion('Q2'));
  expect(await ask(page, 'How does rain differ between the cities?')).toBe('done');
  await mock().script([
    { status: 401, errorType: 'authentication_error', message: 'invalid x-api-key' },
  ]);
  expect(await ask(page, 'And the wind?')).toBe('error');
});

afterAll(async () => {
  await browser?.close();
});

/** Every record of every store of Sift's database, files read back as text. */
function dumpIndexedDb(p: Page): Promise<string> {
  return p.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('sift');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const out: unknown[] = [];
    for (const name of db.objectStoreNames) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const get = db.transaction(name).objectStore(name).getAll();
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => reject(get.error);
      });
      for (const row of rows) {
        const file = (row as { file?: unknown }).file;
        out.push(row, file instanceof Blob ? await file.text() : null);
      }
    }
    db.close();
    return JSON.stringify(out);
  });
}

describe('the API key', () => {
  it('was sent to the model endpoint, in the authentication header only', async () => {
    const model = new URL(mockUrl()).origin;
    const carrying = requests.filter((r) => JSON.stringify(r.headers()).includes(KEY));
    expect(carrying.length).toBeGreaterThan(0);
    for (const r of requests) {
      expect(r.url()).not.toContain(KEY);
      expect(r.postData() ?? '').not.toContain(KEY);
      const headers = await r.allHeaders();
      const named = Object.entries(headers).filter(([, v]) => v.includes(KEY));
      if (named.length === 0) continue;
      expect(new URL(r.url()).origin).toBe(model);
      expect(named.map(([k]) => k)).toEqual(['authorization']);
    }
    for (const r of await messageRequests()) expect(JSON.stringify(r.body)).not.toContain(KEY);
  });

  it('is in no stored record, no web storage and no console line', async () => {
    const stored = await dumpIndexedDb(page);
    expect(stored).toContain('temp_max');
    expect(stored).not.toContain(KEY);
    // The tab's rescue copy is written at pagehide: make it write one.
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    const web = await page.evaluate(() =>
      JSON.stringify([{ ...localStorage }, { ...sessionStorage }]),
    );
    expect(web).not.toContain(KEY);
    // The refused key's 401 is logged by the browser: the capture works.
    expect(logged.some((line) => line.includes('401'))).toBe(true);
    expect(logged.filter((line) => line.includes(KEY))).toEqual([]);
  });

  it('is not in the exported session', async () => {
    const exported = await downloaded(page, page.locator('[data-testid="export-session"]'));
    const file = exported.toString('utf8');
    expect(file).toContain('SIFT-SESSION 1');
    expect(file).toContain('temp_max');
    expect(file).not.toContain(KEY);
    expect(file).not.toContain('sk-ant-');
  });
});
