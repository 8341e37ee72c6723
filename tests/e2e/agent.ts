/** Steps of a person working with Claude in the page, and what they can read back. */
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { mockControl } from '../mock-anthropic/control.ts';
import type { Step } from '../mock-anthropic/types.ts';
import { useSharedApp, type OpenedPage, type SharedApp } from './browser.ts';
import { blankSession, openWithSample, useSampleApp } from './sessions-helpers.ts';
import { mockUrl } from './mock-url.ts';

export const KEY = 'sk-ant-api03-e2e-test-key-0123456789';
export const mock = () => mockControl(mockUrl());

/** A scripted reply of the model that runs one query. */
export const queryStep = (query: string, description: string): Step => ({
  reply: { tools: [{ name: 'sql_query', input: { query, description } }] },
});

/** A query that counts for hours: the turn is still working when the test acts. */
export const ENDLESS_QUERY = 'SELECT count(*) FROM range(100000000000) t(i) WHERE i % 7 = 3';

/** Opens the settings panel, unless it is open (saving leaves it open). */
export async function openSettings(page: Page): Promise<void> {
  if (!(await page.isVisible('[data-testid="settings"]')))
    await page.click('[data-testid="settings-open"]');
}

export async function configure(
  page: Page,
  {
    key = KEY,
    baseUrl = mockUrl(),
    model,
  }: { key?: string; baseUrl?: string; model?: string } = {},
): Promise<void> {
  await openSettings(page);
  // The mock stands for an Anthropic-compatible endpoint, as a gateway would (issue 32).
  await page.check('[data-testid="provider-gateway"]');
  await page.fill('[data-testid="api-key"]', key);
  await page.fill('[data-testid="base-url"]', baseUrl);
  if (model) await page.selectOption('[data-testid="model"]', model);
  await page.click('[data-testid="save-settings"]');
}

/**
 * One page for a file's tests, Claude configured once (the first test to ask opens it), each test
 * from a new, empty session: booting DuckDB is most of a short test (useSharedApp).
 */
export function useConfiguredApp(
  browser: () => Browser,
  options?: Parameters<typeof useSharedApp>[2],
): () => Promise<OpenedPage> {
  return useSharedApp(
    browser,
    async ({ page }, fresh) => {
      await blankSession(page);
      if (fresh) await configure(page);
    },
    options,
  );
}

/** A fresh profile with the sample loaded, Claude configured, and `script` queued for it. */
export async function openScripted(browser: Browser, script: Step[]): Promise<OpenedPage> {
  const opened = await openWithSample(browser);
  await mock().reset();
  await configure(opened.page);
  await mock().script(script);
  return opened;
}

/**
 * As `openScripted`, on one page for the file's tests (useSampleApp): each call starts a new
 * session with the sample, Claude configured again and `script` queued.
 */
export function useScriptedApp(
  browser: () => Browser,
): ((script: Step[]) => Promise<OpenedPage>) & Pick<SharedApp, 'adopt'> {
  const shared = useSampleApp(browser);
  const get = async (script: Step[]) => {
    const opened = await shared();
    await mock().reset();
    await configure(opened.page);
    await mock().script(script);
    return opened;
  };
  return Object.assign(get, { adopt: shared.adopt });
}

/** Waits until `count` turns exist and the last one has ended; returns how it ended. */
export async function turnEnded(page: Page, count: number, timeout = 60_000): Promise<string> {
  const selector = `[data-testid="turn-state"][data-turns="${count}"]:not([data-state="running"])`;
  await page.waitForSelector(selector, { timeout });
  return (await page.getAttribute(selector, 'data-state')) ?? '';
}

export async function analyze(page: Page): Promise<string> {
  const turns = Number(await page.getAttribute('[data-testid="turn-state"]', 'data-turns'));
  await page.click('[data-testid="analyze"]');
  return turnEnded(page, turns + 1);
}

export async function ask(page: Page, question: string, { wait = true } = {}): Promise<string> {
  const turns = Number(await page.getAttribute('[data-testid="turn-state"]', 'data-turns'));
  await page.fill('[data-testid="chat-input"]', question);
  await page.click('[data-testid="send"]');
  if (!wait) return 'running';
  return turnEnded(page, turns + 1);
}

export interface ShownItem {
  type: string;
  text: string;
  rows: number | null;
  rowCount: number | null;
  error: string | null;
  kind: string | null;
}

export async function shownItems(page: Page): Promise<ShownItem[]> {
  return page.$$eval('[data-testid="item"]', (els) =>
    els.map((el) => {
      const num = (name: string) => {
        const v = el.getAttribute(name);
        return v === null || v === '' ? null : Number(v);
      };
      return {
        type: el.getAttribute('data-type') ?? '',
        text: (el as HTMLElement).innerText,
        rows: num('data-rows'),
        rowCount: num('data-row-count'),
        error: el.getAttribute('data-error'),
        kind: el.getAttribute('data-kind'),
      };
    }),
  );
}

export interface MessagesRequest {
  headers: Record<string, string>;
  body: {
    model: string;
    system: Array<{ text: string; cache_control?: unknown }>;
    tools: Array<{ name: string; cache_control?: unknown; input_schema: unknown }>;
    messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
  };
}

/** The Messages API calls the mock received (models listing and control calls left out). */
export async function messageRequests(): Promise<MessagesRequest[]> {
  const all = await mock().requests();
  return all.filter((r) => r.path === '/v1/messages') as unknown as MessagesRequest[];
}

/** The tool results of the last user message of a request. */
export function toolResults(
  request: MessagesRequest,
): Array<{ content: string; is_error?: boolean }> {
  const last = request.body.messages.at(-1);
  return (last?.content ?? []).filter((b) => b.type === 'tool_result') as never;
}
