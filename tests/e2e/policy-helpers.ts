/**
 * What the policy tests (tests/e2e/csp.test.ts, tests/stress/meta-policy.test.ts and
 * dev-server-policy.test.ts) share: the headers of a response, the engine's two workers and what
 * a fetch from each comes to, and the build's assets and environment.
 */
import { readdir } from 'node:fs/promises';
import type { Page, Worker } from 'playwright-core';
import { expect } from 'vitest';

/** Our worker and DuckDB's, both started from blob: URLs (Playwright lists the nested one). */
export async function engineWorkers(page: Page): Promise<Worker[]> {
  await expect.poll(() => page.workers().length).toBe(2);
  const workers = page.workers();
  expect.soft(workers.map((w) => new URL(w.url()).protocol)).toEqual(['blob:', 'blob:']);
  return workers;
}

/** What each worker's `fetch(url)` came to: `reached` or `refused`. */
export function probe(workers: Worker[], url: string): Promise<string[]> {
  return Promise.all(
    workers.map((worker) =>
      worker.evaluate(
        (u) =>
          fetch(u).then(
            () => 'reached',
            () => 'refused',
          ),
        url,
      ),
    ),
  );
}

/** The path under dist/ of the built asset whose name matches `pattern`. */
export async function asset(pattern: RegExp): Promise<string> {
  const name = (await readdir('dist/assets')).find((file) => pattern.test(file));
  if (!name) throw new Error(`No file in dist/assets matches ${pattern}`);
  return `assets/${name}`;
}

/** Environment variables read by vite.config.ts, set while `run` loads it. */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
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

/** The response's values of the headers `expected` names (null where missing). */
function pick(response: Response, expected: Record<string, string>) {
  return Object.fromEntries(
    Object.keys(expected).map((name) => [name, response.headers.get(name)]),
  );
}

export async function get(url: string, accept = '*/*'): Promise<Response> {
  const response = await fetch(url, { headers: { accept } });
  // The .wasm files are tens of megabytes: only the headers are wanted.
  await response.body?.cancel();
  return response;
}

/** Each of `paths` under `base` is served (200) with the `expected` headers, and so is a 404. */
export async function expectHeadersOn(
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
