/**
 * The Content-Security-Policy and its companion headers are on every response of `npm start` (of
 * the dev server: tests/stress/dev-server-policy.test.ts), and the workers obey the page's policy as a header (as a <meta> tag on a host
 * that cannot send headers: tests/stress/meta-policy.test.ts). A loopback listener counts each
 * request a worker gets out; the same probe on the build served with no policy at all shows it
 * would count.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { securityHeaders } from '../../build/security-headers.ts';
import { IMMUTABLE } from '../../build/static-assets-plugin.ts';
import { parseHeadersFile, parsePolicy, requiredPolicy } from '../policy.ts';
import { openApp, useBrowser } from './browser.ts';
import { startListener, type Listener } from './listener.ts';
import { asset, engineWorkers, expectHeadersOn, get, probe } from './policy-helpers.ts';

const browser = useBrowser();
/** Every runner's mock, each a SIFT_CONNECT_SRC origin of the build under test. */
const mocks = () => inject('mockUrls').map((url) => new URL(url).origin);

describe('headers on every response', () => {
  it('of the preview server, as `npm start` runs it: pages, scripts, both workers, wasm, data, the service worker and manifest, 404s', async () => {
    const base = inject('baseUrl');
    const expected = securityHeaders({ connect: mocks() });
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
    expect(policy).toEqual(requiredPolicy(mocks()));
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
  // The dev server's: tests/stress/dev-server-policy.test.ts (it compiles the app on demand).
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

describe('workers obey the page policy', () => {
  // As a <meta> tag on a host that sends no headers: tests/stress/meta-policy.test.ts, which
  // makes a second production build (npm run test:stress).
  let listener: Listener;
  let probeUrl = '';

  beforeAll(async () => {
    listener = await startListener('reached');
    probeUrl = `${listener.origin}/probe`;
  });

  afterAll(async () => {
    await listener?.close();
  });

  it('under the headers of `npm start`, neither worker reaches the listener', async () => {
    listener.requests.length = 0;
    const { page } = await openApp(browser());
    expect(await probe(await engineWorkers(page), probeUrl)).toEqual(['refused', 'refused']);
    expect(listener.requests).toEqual([]);
  });

  it('with no policy at all, the same probe from both workers reaches the listener', async () => {
    listener.requests.length = 0;
    const { page } = await openApp(browser(), { bare: true });
    expect(await probe(await engineWorkers(page), probeUrl)).toEqual(['reached', 'reached']);
    expect(listener.requests).toEqual(['GET /probe', 'GET /probe']);
  });
});
