/**
 * The Content-Security-Policy and its companion headers are on every response of `npm start` and
 * the dev server, and the workers obey the page's policy however it arrives: as a header, or as a
 * <meta> tag on a host that cannot send headers. A loopback listener counts each request a
 * worker gets out; the same probe on the build served with no policy at all shows it would count.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { build, createServer, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { metaCsp, securityHeaders } from '../../build/security-headers.ts';
import { IMMUTABLE } from '../../build/static-assets-plugin.ts';
import { parseHeadersFile, parsePolicy, requiredPolicy } from '../policy.ts';
import { runSql, waitForLoads } from './app.ts';
import { openApp, useBrowser } from './browser.ts';
import { startListener, type Listener } from './listener.ts';

const browser = useBrowser();
const mock = () => new URL(inject('mockUrl')).origin;

/** The response's values of the headers `expected` names (null where missing). */
function pick(response: Response, expected: Record<string, string>) {
  return Object.fromEntries(
    Object.keys(expected).map((name) => [name, response.headers.get(name)]),
  );
}

async function get(url: string, accept = '*/*'): Promise<Response> {
  const response = await fetch(url, { headers: { accept } });
  // The .wasm files are tens of megabytes: only the headers are wanted.
  await response.body?.cancel();
  return response;
}

/** Each of `paths` under `base` is served (200) with the `expected` headers, and so is a 404. */
async function expectHeadersOn(
  base: string,
  paths: string[],
  expected: Record<string, string>,
): Promise<void> {
  for (const path of paths) {
    const response = await get(base + path);
    expect.soft(response.status, path).toBe(200);
    expect.soft(pick(response, expected), path).toEqual(expected);
  }
  // Not text/html, so Vite answers 404 instead of falling back to index.html.
  const missing = await get(`${base}no/such/file.js`, 'application/json');
  expect(missing.status).toBe(404);
  expect(pick(missing, expected)).toEqual(expected);
}

async function asset(pattern: RegExp): Promise<string> {
  const name = (await readdir('dist/assets')).find((file) => pattern.test(file));
  if (!name) throw new Error(`No file in dist/assets matches ${pattern}`);
  return `assets/${name}`;
}

/** Environment variables read by vite.config.ts, set while `run` loads it. */
async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  try {
    return await run();
  } finally {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

describe('headers on every response', () => {
  it('of the preview server, as `npm start` runs it: pages, scripts, both workers, wasm, data, the service worker and manifest, 404s', async () => {
    const base = inject('baseUrl');
    const expected = securityHeaders({ connect: [mock()] });
    const paths = [
      '',
      await asset(/^index-.*\.js$/),
      await asset(/^duckdb\.worker-.*\.js$/),
      await asset(/^duckdb-browser-eh\.worker-.*\.js$/),
      await asset(/^duckdb-eh-.*\.wasm$/),
      'data/weather.csv',
      'sw.js',
      'manifest.webmanifest',
    ];
    await expectHeadersOn(base, paths, expected);
  });

  it("with the promised directives, connect-src the app, the API and SIFT_CONNECT_SRC's origins only", async () => {
    const response = await get(inject('baseUrl'));
    const policy = parsePolicy(response.headers.get('content-security-policy') ?? '');
    expect(policy).toEqual(requiredPolicy([mock()]));
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it('written to dist/_headers for static hosts, the same as `securityHeaders()`', async () => {
    // `npm test` builds without SIFT_CONNECT_SRC, so no extra origin.
    const file = parseHeadersFile(await readFile('dist/_headers', 'utf8'));
    expect(file).toEqual({
      '/*': securityHeaders(),
      // Hashed assets never change (build/static-assets-plugin.ts).
      '/assets/*': { 'Cache-Control': IMMUTABLE },
    });
  });

  it('of the dev server, whose websocket is the only one let through', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'sift-csp-vite-'));
    // No file watching: edits elsewhere in the tree would reload the page under test.
    const server = await withEnv({ SIFT_CONNECT_SRC: mock() }, () =>
      createServer({ server: { port: 0, watch: null }, cacheDir, logLevel: 'silent' }),
    );
    try {
      await server.listen();
      const base = server.resolvedUrls?.local[0];
      if (!base) throw new Error('The dev server did not report its address.');
      const expected = securityHeaders({ dev: true, connect: [mock()] });
      const modules = ['src/main.ts', 'workers/duckdb.worker.ts?worker_file&type=module'];
      await expectHeadersOn(base, ['', ...modules], expected);

      const context = await browser().newContext();
      const page = await context.newPage();
      const connected = page.waitForEvent('console', {
        predicate: (message) => message.text().includes('[vite] connected'),
        timeout: 60_000,
      });
      await page.goto(base);
      await connected;
      // Under a bare `ws:` this socket would be tried (and closed: nothing listens).
      const outcome = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective));
            const socket = new WebSocket('ws://127.0.0.2:9/');
            socket.onclose = () => resolve('attempted');
          }),
      );
      expect(outcome).toBe('connect-src');
      await context.close();
    } finally {
      await server.close();
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});

describe('model servers on this computer, and nothing else (issue 32)', () => {
  let here: Listener;
  let elsewhere: Listener;
  beforeAll(async () => {
    here = await startListener('reached', '127.0.0.1');
    elsewhere = await startListener('reached', '127.0.0.2');
  });
  afterAll(async () => {
    await here?.close();
    await elsewhere?.close();
  });

  it('lets the page reach a loopback server over http, and refuses every other address, scheme and kind of request', async () => {
    const { page } = await openApp(browser());
    const port = new URL(here.origin).port;
    const attempts = {
      loopback: `http://127.0.0.1:${port}/model`,
      localhost: `http://localhost:${port}/model`,
      'another loopback address': `${elsewhere.origin}/model`,
      'another host': `http://model.example:${port}/model`,
      'IPv6 loopback': `http://[::1]:${port}/model`,
      'a subdomain of localhost': `http://model.localhost:${port}/model`,
    };
    const outcomes = await page.evaluate(async (urls) => {
      const refused = new Set<string>();
      addEventListener('securitypolicyviolation', (e) => refused.add(e.blockedURI));
      const out: Record<string, string> = {};
      for (const [name, url] of Object.entries(urls)) {
        const reached = await fetch(url).then(
          (r) => r.text(),
          () => 'failed',
        );
        await new Promise((r) => setTimeout(r, 50));
        out[name] = reached === 'reached' ? 'reached' : refused.has(url) ? 'csp' : 'failed';
      }
      return out;
    }, attempts);
    expect(outcomes).toEqual({
      loopback: 'reached',
      localhost: 'reached',
      'another loopback address': 'csp',
      'another host': 'csp',
      'IPv6 loopback': 'csp',
      'a subdomain of localhost': 'csp',
    });
    expect(elsewhere.requests).toEqual([]);

    // Only connect-src opened: an image or a socket to the same server is still refused.
    here.requests.length = 0;
    const others = await page.evaluate(async (origin) => {
      const refused: string[] = [];
      addEventListener('securitypolicyviolation', (e) => refused.push(e.effectiveDirective));
      const img = document.createElement('img');
      img.src = `${origin}/pixel`;
      document.body.append(img);
      const socket = new WebSocket(origin.replace('http:', 'ws:'));
      socket.onerror = () => undefined;
      await new Promise((r) => setTimeout(r, 300));
      img.remove();
      return refused.sort();
    }, here.origin);
    expect(others).toEqual(['connect-src', 'img-src']);
    expect(here.requests).toEqual([]);
  });
});

describe('workers obey the page policy, however it is delivered', () => {
  let listener: Listener;
  let probeUrl = '';
  let metaDir = '';
  let metaServer: PreviewServer | undefined;
  let metaUrl = '';

  beforeAll(async () => {
    listener = await startListener('reached');
    probeUrl = `${listener.origin}/probe`;

    // The build a host without headers would serve: `SIFT_META_CSP=1 npm run build`.
    metaDir = await mkdtemp(join(tmpdir(), 'sift-meta-csp-'));
    await withEnv({ SIFT_META_CSP: '1', SIFT_CONNECT_SRC: '' }, () =>
      build({ build: { outDir: metaDir, emptyOutDir: true }, logLevel: 'warn' }),
    );
    // Served with no headers at all, as a plain static host would.
    metaServer = await preview({
      configFile: false,
      build: { outDir: metaDir },
      preview: { port: 0, strictPort: false, open: false },
      logLevel: 'warn',
    });
    metaUrl = metaServer.resolvedUrls?.local[0] ?? '';
  });

  afterAll(async () => {
    await metaServer?.close();
    if (metaDir) await rm(metaDir, { recursive: true, force: true });
    await listener?.close();
  });

  /** Our worker and DuckDB's, both started from blob: URLs (Playwright lists the nested one). */
  async function engineWorkers(page: Page) {
    await expect.poll(() => page.workers().length).toBe(2);
    const workers = page.workers();
    expect.soft(workers.map((w) => new URL(w.url()).protocol)).toEqual(['blob:', 'blob:']);
    return workers;
  }

  async function probe(workers: Worker[]): Promise<string[]> {
    return Promise.all(
      workers.map((worker) =>
        worker.evaluate(
          (url) =>
            fetch(url).then(
              () => 'reached',
              () => 'refused',
            ),
          probeUrl,
        ),
      ),
    );
  }

  it('under the meta policy, neither worker reaches the listener, and the app works', async () => {
    // Served as a plain static host would: the policy is in the page and nowhere else.
    expect((await get(metaUrl)).headers.get('content-security-policy')).toBeNull();
    listener.requests.length = 0;
    const { page, errors } = await openApp(browser(), { url: metaUrl });
    const meta = await page.evaluate(() => {
      const first = document.head.firstElementChild;
      return first?.getAttribute('http-equiv') === 'Content-Security-Policy'
        ? first.getAttribute('content')
        : null;
    });
    expect(meta).toBe(metaCsp());

    expect(await probe(await engineWorkers(page))).toEqual(['refused', 'refused']);
    expect(listener.requests).toEqual([]);
    await page.click('[data-testid="sample-button"]');
    await waitForLoads(page, 1);
    const result = await runSql(page, 'SELECT count(*) AS n FROM data');
    expect(result.ok && result.cells).toEqual([['2922']]);
    expect(errors).toEqual([]);
  });

  it('under the same meta policy, a worker started by URL gets out: why ours start from blobs', async () => {
    listener.requests.length = 0;
    const { page } = await openApp(browser(), { url: metaUrl });
    const script = `/${await asset(/^duckdb-browser-eh\.worker-.*\.js$/)}`;
    const started = page.waitForEvent('worker');
    await page.evaluate((url) => void new Worker(url), script);
    expect(await probe([await started])).toEqual(['reached']);
    expect(listener.requests).toEqual(['GET /probe']);
  });

  it('under the headers of `npm start`, neither worker reaches the listener', async () => {
    listener.requests.length = 0;
    const { page } = await openApp(browser());
    expect(await probe(await engineWorkers(page))).toEqual(['refused', 'refused']);
    expect(listener.requests).toEqual([]);
  });

  it('with no policy at all, the same probe from both workers reaches the listener', async () => {
    listener.requests.length = 0;
    const { page } = await openApp(browser(), { bare: true });
    expect(await probe(await engineWorkers(page))).toEqual(['reached', 'reached']);
    expect(listener.requests).toEqual(['GET /probe', 'GET /probe']);
  });
});
