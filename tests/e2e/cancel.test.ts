/**
 * Cancel cancels the query it was meant for. Regressions: the SQL box's Cancel stopped
 * whatever DuckDB was running, so it could kill Claude's query (and Claude was told the person
 * stopped it); Claude's Stop, pressed while its query waited behind the person's, cancelled the
 * person's and left its own to run. And a DuckDB that failed to start stayed failed until a reload.
 */
import type { Page } from 'playwright-core';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { showView, sqlEditorReady, waitForLoads } from './app.ts';
import {
  ask,
  messageRequests,
  mock,
  shownItems,
  toolResults,
  turnEnded,
  useScriptedApp,
} from './agent.ts';
import { openApp, useBrowser } from './browser.ts';

const browser = useBrowser();
/**
 * The sample in a new session, Claude configured, nothing scripted yet: one page for the tests of
 * both Cancels, which each start so (the file took 18.0 s with a page each, 10.6 s so). The SQL
 * box and its time limit are the session's own (state/session-scope.svelte.ts), so each test
 * finds no result, no query running and the default limit, which startPersonQuery sets to 600 s.
 */
const scripted = useScriptedApp(browser);
const ENDLESS = 'SELECT count(*) FROM range(100000000) a, range(100000000) b';

async function openWithModel(): Promise<Page> {
  const { page } = await scripted([]);
  return page;
}

/** Starts the person's endless query in the SQL box, with a long time limit. */
async function startPersonQuery(page: Page): Promise<void> {
  await showView(page, 'data');
  await page.fill('[data-testid="sql-timeout"]', '600');
  await sqlEditorReady(page);
  await page.fill('[data-testid="sql-input"]', ENDLESS);
  await page.click('[data-testid="sql-run"]');
  await page.waitForSelector('[data-testid="sql-cancel"]');
}

const claudeQuery = (query: string) => ({
  reply: { tools: [{ name: 'sql_query', input: { query, description: 'Claude’s query' } }] },
});

describe('each Cancel stops its own query', () => {
  it("the SQL box's Cancel leaves Claude's running query alone", async () => {
    const page = await openWithModel();
    // Claude's query runs first and runs long; the person's waits behind it.
    await mock().script([
      claudeQuery(ENDLESS),
      { reply: { tools: [{ name: 'finalize', input: { session_title: null } }] } },
    ]);
    await ask(page, 'Count everything', { wait: false });
    await page.waitForSelector(
      '[data-testid="item"][data-type="query_result"][data-running="true"]',
    );
    await startPersonQuery(page);
    await page.click('[data-testid="sql-cancel"]');
    await expect(
      page.locator('[data-testid="sql-error"]').getAttribute('data-kind', { timeout: 30_000 }),
    ).resolves.toBe('cancelled');
    // Claude's query is still running: the person's Cancel was not for it.
    expect(
      await page.getAttribute('[data-testid="item"][data-type="query_result"]', 'data-running'),
    ).toBe('true');
    await page.click('[data-testid="stop"]');
    expect(await turnEnded(page, 1)).toBe('stopped');
  });

  it("Claude's Stop cancels Claude's waiting query and leaves the person's running", async () => {
    const page = await openWithModel();
    await startPersonQuery(page);
    await mock().script([claudeQuery('SELECT count(*) AS n FROM data')]);
    await ask(page, 'How many rows?', { wait: false });
    await page.waitForSelector(
      '[data-testid="item"][data-type="query_result"][data-running="true"]',
    );
    await page.click('[data-testid="stop"]');
    expect(await turnEnded(page, 1)).toBe('stopped');
    const [card] = (await shownItems(page)).filter((i) => i.type === 'query_result');
    expect(card).toMatchObject({ error: 'true' });
    expect(card!.text).toContain('Stopped');
    // The person's query was not touched by Claude's Stop.
    await showView(page, 'data');
    expect(await page.isVisible('[data-testid="sql-cancel"]')).toBe(true);
    await page.click('[data-testid="sql-cancel"]');
    await expect(
      page.locator('[data-testid="sql-error"]').getAttribute('data-kind', { timeout: 30_000 }),
    ).resolves.toBe('cancelled');
    expect(await messageRequests()).toHaveLength(1);
  });

  it('Claude is told the person stopped its query only when the person did', async () => {
    const page = await openWithModel();
    await startPersonQuery(page);
    await mock().script([
      claudeQuery('SELECT count(*) AS n FROM data'),
      { reply: { tools: [{ name: 'finalize', input: { session_title: null } }] } },
    ]);
    await ask(page, 'How many rows?', { wait: false });
    await page.waitForSelector(
      '[data-testid="item"][data-type="query_result"][data-running="true"]',
    );
    // The person cancels their own query; Claude's, queued behind it, then runs and answers.
    await showView(page, 'data');
    await page.click('[data-testid="sql-cancel"]');
    expect(await turnEnded(page, 1)).toBe('done');
    const [, second] = await messageRequests();
    const [result] = toolResults(second!);
    expect(result!.is_error).toBeFalsy();
    expect(result!.content).toContain('2922');
  });
});

/**
 * The built app through a loopback proxy that refuses DuckDB's wasm while `blocked` is set, as a
 * server restarting or a dropped connection would (Playwright's routes do not see requests from
 * workers, and DuckDB fetches its wasm from its own worker).
 */
async function proxyRefusingWasm(target: string) {
  const state = { blocked: true, refused: 0 };
  const server = createServer((req, res) => {
    if (state.blocked && /duckdb-(?:eh|mvp)[^/]*\.wasm/.test(req.url ?? '')) {
      state.refused++;
      res.writeHead(503).end('unavailable');
      return;
    }
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    state,
    close: () => {
      // close() alone waits for every open connection, and the page may still hold one (a
      // response being streamed): seen once as this test running out its 120 s at the end.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a data engine that cannot start', () => {
  it('says so with a button that starts it again, without a reload', async () => {
    const proxy = await proxyRefusingWasm(inject('baseUrl'));
    try {
      const { page, errors } = await openApp(browser(), { url: proxy.url, ready: false });
      await page.waitForSelector('[data-testid="engine-failed"]', { timeout: 60_000 });
      expect(await page.textContent('[data-testid="engine-failed"]')).toMatch(
        /data engine could not start/,
      );
      // The worker tried more than once before saying so.
      expect(proxy.state.refused).toBeGreaterThan(1);
      proxy.state.blocked = false;
      await page.click('[data-testid="engine-retry"]');
      await page.waitForSelector('.engine[data-state="ready"]', { timeout: 60_000 });
      expect(await page.isVisible('[data-testid="engine-failed"]')).toBe(false);
      await page.click('[data-testid="sample-button"]');
      await waitForLoads(page, 1);
      expect(await page.locator('[data-testid="table-summary"]').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
