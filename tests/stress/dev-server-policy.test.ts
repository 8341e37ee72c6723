/**
 * The security headers on every response of `npm run dev`, whose websocket is the only one the
 * policy lets through. A stress test (npm run test:stress): the dev server compiles the app on
 * demand, a second build in all but name. `npm start`'s are in tests/e2e/csp.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../build/security-headers.ts';
import { useBrowser } from '../e2e/browser.ts';
import { mockUrl } from '../e2e/mock-url.ts';
import { expectHeadersOn, withEnv } from '../e2e/policy-helpers.ts';

const browser = useBrowser();
const mock = () => new URL(mockUrl()).origin;

describe('headers on every response', () => {
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
