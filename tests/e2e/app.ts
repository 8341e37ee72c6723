/** What a person does in the page, as test steps: load files, run SQL, read what is shown. */
import type { Download, Locator, Page } from 'playwright-core';
import type { OpenedPage } from './browser.ts';

export type FileSpec = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * Chooses files with the picker and waits for their load. While the session has tables the page
 * asks where they go (state/file-intake.svelte.ts): `answer` is the person's click, "Add to this
 * session" unless told, which is where such files went before the question was asked.
 */
export async function loadFiles(
  page: Page,
  files: FileSpec[],
  answer: 'add' | 'new' = 'add',
): Promise<void> {
  const loads = Number(await page.getAttribute('main', 'data-loads'));
  await page.setInputFiles('input[data-testid="file-input"]', files as never);
  await page.waitForFunction(
    (n) =>
      Number(document.querySelector('main')?.getAttribute('data-loads')) >= n ||
      document.querySelector('[data-testid="drop-choice"]'),
    loads + 1,
    { timeout: 180_000 },
  );
  const asked = page.locator('[data-testid="drop-choice"]');
  if (await asked.count()) await page.click(`[data-testid="drop-choice-${answer}"]`);
  await waitForLoads(page, loads + 1);
}

/** Waits until the page has finished `count` loads (each ends in tables, errors or both). */
export async function waitForLoads(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('main')?.getAttribute('data-loads')) >= n,
    count,
    { timeout: 180_000 },
  );
}

/**
 * Loads `files` as `loadFiles` does, reading the progress bar at every frame from before they
 * are chosen until they are loaded: the distinct fractions it showed, in order.
 */
export async function loadWatchingProgress(page: Page, files: FileSpec[]): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { seen: number[]; watching: boolean };
    w.seen = [];
    w.watching = true;
    const look = () => {
      const bar = document.querySelector<HTMLProgressElement>('[data-testid="load-fraction"]');
      if (bar && bar.value !== w.seen.at(-1)) w.seen.push(bar.value);
      if (w.watching) requestAnimationFrame(look);
    };
    look();
  });
  await loadFiles(page, files);
  return page.evaluate(() => {
    const w = window as unknown as { seen: number[]; watching: boolean };
    w.watching = false;
    return w.seen;
  });
}

export interface Summary {
  table: string;
  file: string;
  rows: number;
  cols: number;
  encoding: string;
  format: string;
}

export async function summaries(page: Page): Promise<Summary[]> {
  return page.$$eval('[data-testid="table-summary"]', (els) =>
    els.map((el) => ({
      table: el.getAttribute('data-table') ?? '',
      file: el.getAttribute('data-file') ?? '',
      rows: Number(el.getAttribute('data-rows')),
      cols: Number(el.getAttribute('data-cols')),
      encoding: el.getAttribute('data-encoding') ?? '',
      format: el.getAttribute('data-format') ?? '',
    })),
  );
}

export async function loadErrors(page: Page): Promise<Array<{ file: string; text: string }>> {
  return page.$$eval('[data-testid="load-error"]', (els) =>
    els.map((el) => ({ file: el.getAttribute('data-file') ?? '', text: el.textContent ?? '' })),
  );
}

export type SqlOutcome =
  | {
      ok: true;
      rows: number;
      total: number | null;
      header: string[];
      cells: Array<Array<string | null>>;
    }
  | { ok: false; kind: string; message: string; details: string | null };

/** Shows a tab of the workspace's centre: the conversation, the data, or the charts. */
export async function showView(page: Page, view: 'chat' | 'data' | 'charts'): Promise<void> {
  const tab = page.locator(`[data-testid="view-${view}"]`);
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

/**
 * The reset of a page shared by tests of the SQL box (useSharedApp): `prepare` runs on the fresh
 * page, whose time limit is kept; each test then finds no query running, that time limit, and
 * nothing typed.
 */
export function sqlBoxReset(
  prepare: (page: Page) => Promise<void>,
): (opened: OpenedPage, fresh: boolean) => Promise<void> {
  let timeoutSeconds = '';
  return async ({ page }, fresh) => {
    if (fresh) await prepare(page);
    await showView(page, 'data');
    if (fresh) timeoutSeconds = await page.inputValue('[data-testid="sql-timeout"]');
    await page.waitForSelector('[data-testid="sql-run"]', { timeout: 60_000 });
    await page.fill('[data-testid="sql-timeout"]', timeoutSeconds);
    await page.fill('[data-testid="sql-input"]', '');
  };
}

/**
 * Waits for the SQL box's editor (adapters/sql-editor.ts), loaded a moment after the box is
 * first shown: text typed into the plain box it replaces would be typed into a box going away.
 */
export async function sqlEditorReady(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="sql-editor"]:not([data-editor="loading"])', {
    state: 'attached',
    timeout: 60_000,
  });
}

/** The SQL box's text, from the editor (its lines, not its placeholder) or the plain box. */
export async function sqlText(page: Page): Promise<string> {
  await sqlEditorReady(page);
  return page.locator('[data-testid="sql-input"]').evaluate((el) => {
    if (el instanceof HTMLTextAreaElement) return el.value;
    return [...el.querySelectorAll('.cm-line')]
      .map((line) => {
        const copy = line.cloneNode(true) as Element;
        copy.querySelectorAll('.cm-placeholder').forEach((p) => p.remove());
        return copy.textContent ?? '';
      })
      .join('\n');
  });
}

export async function runSql(
  page: Page,
  sql: string,
  timeoutSeconds?: number,
): Promise<SqlOutcome> {
  // The SQL box is on the data tab.
  await showView(page, 'data');
  if (timeoutSeconds !== undefined) {
    await page.fill('[data-testid="sql-timeout"]', String(timeoutSeconds));
  }
  await sqlEditorReady(page);
  // A box that is being built again (a session taken over from another tab puts its draft back)
  // can take the text beside the old draft: typed again until the box holds exactly `sql`
  // (seen once in CI, "…FROM dataSELECT…").
  // CodeMirror draws only part of a line of hundreds of kilobytes, so such a line, typed where no
  // box is being built, is taken as typed.
  for (let attempt = 0; ; attempt++) {
    await page.fill('[data-testid="sql-input"]', sql);
    if (sql.length > 10_000 || (await sqlText(page)) === sql) break;
    if (attempt === 3)
      throw new Error(`The SQL box would not hold the query: ${await sqlText(page)}`);
    await page.waitForTimeout(200);
  }
  // Each finished run bumps data-run, so the previous result is never mistaken for this one. The
  // count goes on across a new session, whose empty SQL box shows no result to read it from:
  // any run numbered above the last one seen is this one.
  const selector = '[data-testid="sql-result"], [data-testid="sql-error"]';
  const previous = Number(
    await page.evaluate(
      (s) => document.querySelector(s)?.getAttribute('data-run') ?? '0',
      selector,
    ),
  );
  await page.click('[data-testid="sql-run"]');
  const handle = await page.waitForFunction(
    ([s, n]) => {
      const el = document.querySelector(s as string);
      return el && Number(el.getAttribute('data-run')) > (n as number) ? el : null;
    },
    [selector, previous] as const,
    { timeout: 120_000 },
  );
  const shown = handle.asElement();
  if (!shown) throw new Error('The SQL box showed no result.');
  return shown.evaluate((el): SqlOutcome => {
    if (el.getAttribute('data-testid') === 'sql-error') {
      // The plain words, and apart from them DuckDB's own text under Details.
      const words = el.cloneNode(true) as Element;
      words.querySelector('[data-testid="error-details"]')?.remove();
      const details = el.querySelector('[data-testid="error-details"] pre')?.textContent ?? null;
      return {
        ok: false,
        kind: el.getAttribute('data-kind') ?? '',
        message: words.textContent?.trim() ?? '',
        details,
      };
    }
    const total = el.getAttribute('data-total');
    return {
      ok: true,
      rows: Number(el.getAttribute('data-rows')),
      total: total === '' || total === null ? null : Number(total),
      header: [...el.querySelectorAll('thead th')].map((th) => th.textContent ?? ''),
      cells: [...el.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) =>
          // The number as typed where the text is grouped or rounded (DataTable's data-value).
          td.classList.contains('null')
            ? null
            : ((td as HTMLElement).dataset.value ?? td.textContent ?? ''),
        ),
      ),
    };
  });
}

/**
 * The bytes of a file the page saved. Read as a stream, not from `path()`: the browser runs in
 * another process (tests/e2e/global-setup.ts), and a path is only on offer to the one that
 * launched it.
 */
export async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Clicks `target` and returns the bytes of the file the page saves. */
export async function downloaded(page: Page, target: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), target.click()]);
  return bytesOf(download);
}
