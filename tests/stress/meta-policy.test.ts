/**
 * The workers obey the page's policy when it arrives as a <meta> tag, on a host that sends no
 * headers (`SIFT_META_CSP=1 npm run build`). A stress test (npm run test:stress): it makes a
 * second production build. The header form is in tests/e2e/csp.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaCsp } from '../../build/security-headers.ts';
import { runSql, waitForLoads } from '../e2e/app.ts';
import { openApp, useBrowser } from '../e2e/browser.ts';
import { startListener, type Listener } from '../e2e/listener.ts';
import { asset, engineWorkers, get, probe, withEnv } from '../e2e/policy-helpers.ts';

const browser = useBrowser();

describe('workers obey a policy in a <meta> tag', () => {
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

    expect(await probe(await engineWorkers(page), probeUrl)).toEqual(['refused', 'refused']);
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
    expect(await probe([await started], probeUrl)).toEqual(['reached']);
    expect(listener.requests).toEqual(['GET /probe']);
  });
});
