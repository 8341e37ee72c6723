/**
 * Serves the built app (`dist/`, built by `npm test` before Vitest starts) with the same preview
 * server and headers as `npm start`, on a free port, for every end-to-end test file.
 */
import { existsSync } from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer, TEST_SWITCHES } from '../../scripts/chromium.mjs';
import { startMockAnthropic, type MockAnthropic } from '../mock-anthropic/server.ts';
import { E2E_WORKERS } from './workers.ts';

let server: PreviewServer | undefined;
let bare: PreviewServer | undefined;
let mocks: MockAnthropic[] = [];
let chromium: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync('dist/index.html'))
    throw new Error('dist/ is missing: run `npm run build` first.');
  // The local Messages API mock; tests script it over HTTP (tests/mock-anthropic/control.ts). The
  // page's CSP lets it through exactly as a configured gateway would be let through.
  // One for each file that runs at once (tests/e2e/workers.ts).
  mocks = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startMockAnthropic()));
  const urls = mocks.map((m) => m.url);
  project.provide('mockUrls', urls);
  process.env.SIFT_CONNECT_SRC = urls.join(' ');
  server = await preview({
    preview: { port: 0, strictPort: false, open: false },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The preview server did not report its address.');
  project.provide('baseUrl', url);
  // The same build with no headers at all (no CSP): what DuckDB's own lockdown must hold alone.
  bare = await preview({
    configFile: false,
    preview: { port: 0, strictPort: false, open: false },
    logLevel: 'warn',
  });
  const bareUrl = bare.resolvedUrls?.local[0];
  if (!bareUrl) throw new Error('The header-less preview server did not report its address.');
  project.provide('bareUrl', bareUrl);
  // One Chromium for every file, which each connects to (tests/e2e/browser.ts): launching and
  // closing one per file cost about a second each, some 55 s of the run. Each test still gets
  // contexts of its own, with their own storage and renderer processes. Its wasm tiering is the
  // tests' own (TEST_SWITCHES in scripts/chromium.mjs).
  chromium = await launchChromiumServer(TEST_SWITCHES);
  project.provide('chromiumWs', chromium.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
  await bare?.close();
  await Promise.all(mocks.map((m) => m.close()));
  await chromium?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    bareUrl: string;
    mockUrls: string[];
    chromiumWs: string;
  }
}
