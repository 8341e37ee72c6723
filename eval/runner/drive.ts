/**
 * Questions asked of the real app, as a person would (issue 49): the production build in
 * headless Chromium, the model set in the settings panel, each question in a new session with its
 * files chosen with the picker, typed and sent, a clarifying question answered with its first
 * option, then the session exported as `.sift` and read back (session-file.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { turnOf, type TurnOutcome } from './session-file.ts';

export interface ModelChoice {
  provider: 'anthropic' | 'local' | 'gateway';
  key?: string;
  baseUrl?: string;
  model?: string;
}

export interface Asked extends TurnOutcome {
  /** The exported session's bytes. */
  sift: Uint8Array;
  seconds: number;
}

/** How long one turn may take before it counts as wrong (a local model on a laptop is slow). */
const TURN_MS = 15 * 60_000;

async function configure(page: Page, model: ModelChoice): Promise<void> {
  await page.click('[data-testid="settings-open"]');
  await page.check(`[data-testid="provider-${model.provider}"]`);
  if (model.provider === 'local') {
    await page.fill('[data-testid="local-url"]', model.baseUrl!);
    await page.click('[data-testid="local-connect"]');
    await page.waitForSelector('[data-testid="model"] option', { state: 'attached' });
  } else {
    await page.fill('[data-testid="api-key"]', model.key ?? '');
    if (model.provider === 'gateway') await page.fill('[data-testid="base-url"]', model.baseUrl!);
  }
  if (model.model) await page.selectOption('[data-testid="model"]', model.model);
  await page.click('[data-testid="save-settings"]');
  await page.waitForSelector('[data-testid="settings"]', { state: 'detached' });
}

const loadsOf = async (page: Page) => Number(await page.getAttribute('main', 'data-loads'));

/**
 * A page kept for many questions: DuckDB boots once (most of a short question's time), the model
 * is set once, and each question starts a new session, as the person's "New session" does.
 */
export class PageWorker {
  readonly #page: Page;

  private constructor(page: Page) {
    this.#page = page;
  }

  static async open(browser: Browser, url: string, model: ModelChoice): Promise<PageWorker> {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('.engine[data-state="ready"]', { timeout: 120_000 });
    await configure(page, model);
    return new PageWorker(page);
  }

  async close(): Promise<void> {
    await this.#page.context().close();
  }

  /** Asks `question` of a new session holding its files; throws when they do not load. */
  async ask(question: { question: string; files: string[] }): Promise<Asked> {
    const page = this.#page;
    const shown = '[data-testid="table-summary"], [data-testid="load-error"]';
    if (await page.locator(shown).count()) {
      await page.click('[data-testid="new-session"]', { timeout: 30_000 });
      await page.waitForFunction((s) => !document.querySelector(s), shown, { timeout: 60_000 });
    }
    const before = await loadsOf(page);
    await page.setInputFiles('input[data-testid="file-input"]', question.files);
    await page.waitForFunction(
      (n) => Number(document.querySelector('main')?.getAttribute('data-loads')) > n,
      before,
      { timeout: 300_000 },
    );
    const failed = await page.locator('[data-testid="load-error"]').allInnerTexts();
    if (failed.length) throw new Error(`The files did not load: ${failed.join(' ')}`);
    const started = Date.now();
    await page.fill('[data-testid="chat-input"]', question.question);
    await page.click('[data-testid="send"]');
    const ended = '[data-testid="turn-state"][data-turns="1"]:not([data-state="running"])';
    // A clarifying question is answered with its first option, as a person taking the usual
    // reading would; the turn then goes on.
    while (!(await page.isVisible(ended))) {
      const option = page.locator('[data-testid="ask-card"] [data-testid="ask-option"]').first();
      if (await option.isVisible()) await option.click();
      if (Date.now() - started > TURN_MS) throw new Error('The turn took longer than 15 minutes.');
      await page.waitForTimeout(100);
    }
    const seconds = (Date.now() - started) / 1000;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="export-session"]'),
    ]);
    const sift = new Uint8Array(await readFile(await download.path()));
    return { ...(await turnOf(sift)), sift, seconds };
  }
}
