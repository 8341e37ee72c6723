/**
 * The installed app with no server (issue 17): after one visit the service worker holds the
 * whole build, so the same URL opens, loads files and runs queries with the server stopped and
 * the browser offline; only the model call fails, and says why. A new build is picked up on
 * reload, and announced to a page that is open while it arrives.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFiles, runSql, summaries } from './app.ts';
import { ask, configure, shownItems } from './agent.ts';
import { useBrowser } from './browser.ts';
import { mockUrl } from './mock-url.ts';

const browser = useBrowser();
const PARQUET = 'tests/fixtures/duckdb-parquet/decimals.parquet';
const VISIT_FILE = {
  name: 'visits.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('day,visits\n2026-11-01,12\n'),
};

let server: PreviewServer | null = null;
let context: BrowserContext | null = null;
const dirs: string[] = [];

afterEach(async () => {
  await context?.close();
  context = null;
  await server?.close();
  server = null;
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** `npm start`'s server (its headers, its compressed assets) for the build in `outDir`. */
async function serve(outDir: string, port = 0): Promise<number> {
  process.env.SIFT_CONNECT_SRC = mockUrl();
  server = await preview({
    build: { outDir },
    preview: { port, strictPort: port !== 0, open: false },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The preview server did not report its address.');
  return Number(new URL(url).port);
}

async function stop(): Promise<void> {
  await server?.close();
  server = null;
}

/**
 * A copy of `dist/` as the next build would be: another index.html (marked `build`) and the
 * service worker that lists it under a new revision. Everything else is hard-linked, not copied.
 */
async function nextBuild(build: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sift-build-'));
  dirs.push(dir);
  const out = join(dir, 'dist');
  execFileSync('cp', ['-al', resolve('dist'), out]);
  const rewrite = async (file: string, change: (text: string) => string) => {
    const text = await readFile(join(out, file), 'utf8');
    // A hard link shares its bytes with dist/: unlinked first, so dist/ itself is never changed.
    await rm(join(out, file));
    await writeFile(join(out, file), change(text));
  };
  await rewrite('index.html', (html) =>
    html.replace('<head>', `<head>\n    <meta name="sift-build" content="${build}" />`),
  );
  await rewrite('sw.js', (sw) => {
    const changed = sw.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, `$1${build}"`);
    if (changed === sw) throw new Error('sw.js no longer lists index.html as this test expects.');
    return changed;
  });
  return out;
}

const buildOf = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="sift-build"]')?.getAttribute('content'));

const registered = (page: Page) =>
  page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()));

/**
 * A first visit: the app opens, the person loads a file, and the service worker has cached all
 * of it — not as the engine becomes ready, when that file may be arriving, but after a quiet
 * spell once the file is loaded and profiled.
 */
async function firstVisit(url: string): Promise<Page> {
  context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
  expect(await registered(page)).toBe(false);
  await loadFiles(page, [VISIT_FILE]);
  await page.waitForSelector('[data-testid="offline-ready"]', { timeout: 60_000 });
  expect(await registered(page)).toBe(true);
  return page;
}

async function reopen(url: string): Promise<Page> {
  await Promise.all(context!.pages().map((p) => p.close()));
  const page = await context!.newPage();
  await page.goto(url);
  await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
  return page;
}

/**
 * One flow, not two: each first visit is a boot, a quiet spell and a precache of the whole build
 * (40 MB), about 7 of the 15 s each test took alone (2026-12-03), and a new version must be picked
 * up by a browser that has been offline just as by one that has not.
 */
describe('the installed app', () => {
  it('opens offline after one visit, then picks up a new version on reload and announces one that arrives while open', async () => {
    const port = await serve(resolve('dist'));
    const url = `http://localhost:${port}/`;
    const first = await firstVisit(url);
    expect(await buildOf(first)).toBeUndefined();

    // With the server stopped and the browser offline, the same URL opens from the cache: a
    // file loads, a query answers, and only the model call fails, saying why.
    await stop();
    await context!.setOffline(true);
    let page = await reopen(url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expect(page.locator('[data-testid="offline-status"]').textContent()).resolves.toMatch(
      /Offline/,
    );

    // The page the service worker answers with keeps its Content-Security-Policy.
    const refused = await page.evaluate(
      () =>
        new Promise<string>((done) => {
          addEventListener('securitypolicyviolation', (e) => done(e.effectiveDirective));
          fetch('http://127.0.0.2:9/').catch(() => setTimeout(() => done('attempted'), 500));
        }),
    );
    expect(refused).toBe('connect-src');

    // The first visit's session is back, its file read again from this browser's storage.
    await page.waitForSelector('[data-testid="table-summary"][data-table="data"]', {
      timeout: 60_000,
    });
    // parquet-wasm was never fetched online: it comes from the service worker's cache.
    await loadFiles(page, [
      { name: 'towns.csv', mimeType: 'text/csv', buffer: Buffer.from('town,people\nA,3\nB,4\n') },
    ]);
    await loadFiles(page, [PARQUET]);
    expect((await summaries(page)).map((s) => [s.table, s.rows])).toEqual([
      ['data', 1],
      ['towns', 2],
      ['decimals', expect.any(Number)],
    ]);
    const result = await runSql(page, 'SELECT sum(people) AS total FROM towns');
    expect(result).toMatchObject({ ok: true, cells: [['7']] });

    await configure(page);
    expect(await ask(page, 'Who has the most people?')).toBe('error');
    const error = (await shownItems(page)).at(-1)!;
    expect(error.kind).toBe('network');
    expect(error.text).toMatch(/offline/i);
    expect(error.text).toMatch(/queries/);
    expect(errors).toEqual([]);

    // Back online after a deploy, the person reloads: the reload shows the new build.
    await context!.setOffline(false);
    await serve(await nextBuild('B'), port);
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('meta[name="sift-build"]')?.getAttribute('content') === 'B',
      null,
      { timeout: 60_000 },
    );
    await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });

    // A deploy while the page is open is announced, and applied when the person says so.
    await stop();
    await serve(await nextBuild('C'), port);
    page = context!.pages()[0]!;
    // The person is at work in the page: it is not reloaded under them.
    await page.click('[data-testid="shortcuts-open"]');
    await page.keyboard.press('Escape');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const notice = page.locator('[data-testid="update-ready"]');
    await notice.waitFor({ timeout: 60_000 });
    expect(await buildOf(page)).toBe('B');
    await expect(notice.textContent()).resolves.toMatch(/new version/i);
    await page.click('[data-testid="update-apply"]');
    await page.waitForFunction(
      () => document.querySelector('meta[name="sift-build"]')?.getAttribute('content') === 'C',
      null,
      { timeout: 60_000 },
    );
    await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
    // The session kept through the offline stint and both updates is still there.
    await page.waitForSelector('[data-testid="table-summary"][data-table="towns"]', {
      state: 'attached',
      timeout: 60_000,
    });
  });
});
