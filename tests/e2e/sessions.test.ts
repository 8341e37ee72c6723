/**
 * Sessions that survive: a reload brings back the transcript and the data, a reload mid-turn
 * loses nothing shown and leaves a history the API accepts, delete removes the stored data, and
 * an export opens in a fresh browser profile as the same session.
 */
import { describe, expect, it } from 'vitest';
import { weatherAnalysis, weatherQuestion } from '../fixtures/weather-script.ts';
import { bytesOf, downloaded, runSql } from './app.ts';
import {
  analyze,
  ask,
  configure,
  KEY,
  messageRequests,
  mock,
  shownItems,
  turnEnded,
  openScripted,
  useScriptedApp,
} from './agent.ts';
import { openApp, useBrowser } from './browser.ts';
import {
  currentSession,
  listedSessions,
  openWithSample,
  sessionsReady,
  storedCounts,
  expectNothingStored,
} from './sessions-helpers.ts';

const browser = useBrowser();
/**
 * One page for the tests that start from the sample in a new session (useScriptedApp): 7 boots
 * of DuckDB become 4. A fresh profile stays where it is the subject: the delete that must leave
 * nothing stored, and the import into another browser.
 */
const openShared = useScriptedApp(browser);

const TITLE = 'Seattle and New York Weather 2012–2015';
const COUNT_SQL =
  "SELECT weather, count(*) AS n FROM data WHERE location = 'Seattle' GROUP BY ALL ORDER BY weather";

/** What a person reads of each item, without timings that differ from run to run. */
async function transcript(page: Parameters<typeof shownItems>[0]) {
  return (await shownItems(page)).map((i) => ({
    type: i.type,
    text: i.text.replace(/\d+(\.\d+)? ?ms\b/g, '…ms'),
    rows: i.rows,
    rowCount: i.rowCount,
    error: i.error,
  }));
}

describe('a session across reloads', () => {
  it('comes back after a reload with its transcript and data, and the next question continues it', async () => {
    const { page, errors } = await openShared(weatherAnalysis());
    expect(await analyze(page)).toBe('done');
    await page.waitForSelector(`[data-testid="session-item"][data-title="${TITLE}"]`);
    const before = await transcript(page);
    const id = await currentSession(page);
    expect(before.length).toBeGreaterThan(2);

    await page.reload();
    await sessionsReady(page, 1);
    expect(await currentSession(page)).toBe(id);
    expect(await transcript(page)).toEqual(before);
    expect(await listedSessions(page)).toContainEqual({ id, title: TITLE });
    const summary = page.locator('[data-testid="table-summary"]');
    expect(await summary.getAttribute('data-table')).toBe('data');
    expect(await summary.getAttribute('data-rows')).toBe('2922');

    // The key lived in memory only, so the person gives it again; the data needs no upload.
    await configure(page);
    await mock().script(weatherQuestion('Q2'));
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    // Query ids go on from the stored session's: the chart is drawn from the new query, Q2.
    expect(await page.getAttribute('[data-testid="chart-source"]', 'data-query')).toBe('Q2');
    const requests = await messageRequests();
    const messages = requests.at(-1)!.body.messages;
    // The earlier turn is part of the history sent: its question, its tool calls and results.
    expect(JSON.stringify(messages)).toContain('profile_columns');
    expect(JSON.stringify(messages)).toContain('Which month is wettest in Seattle?');
    const items = await shownItems(page);
    const query = items.filter((i) => i.type === 'query_result').at(-1)!;
    expect(query.error).toBe('false');
    expect(query.rowCount).toBe(12);
    expect(errors).toEqual([]);
  });

  it('keeps what was shown when the page reloads mid-turn, and continues from a valid history', async () => {
    const { page, errors } = await openShared([]);
    const answer = Array.from(
      { length: 40 },
      (_, i) => `Sentence ${i + 1} of a long answer about rainy days in Seattle.`,
    ).join(' ');
    await mock().script([
      {
        reply: {
          reasoning: 'Count the rainy days first.',
          tools: [
            {
              name: 'sql_query',
              input: { query: COUNT_SQL, description: 'Seattle weather types' },
            },
          ],
        },
      },
      // The answer streams slowly: the page is reloaded while it is still arriving.
      { reply: { tools: [{ name: 'output_text', input: { text: answer } }] }, chunkDelayMs: 120 },
    ]);
    await ask(page, 'How rainy is Seattle?', { wait: false });
    const draft = page.locator('[data-testid="item"][data-type="text"][data-draft="true"]');
    await expect
      .poll(async () => (await draft.count()) && (await draft.innerText()).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(60);
    const shownBefore = await transcript(page);
    const draftBefore = await draft.innerText();
    expect(shownBefore.some((i) => i.type === 'query_result' && i.error === 'false')).toBe(true);

    await page.reload();
    await sessionsReady(page, 1);
    expect(await turnEnded(page, 1)).toBe('interrupted');
    const after = await transcript(page);
    // Every item shown before is shown again; the draft answer keeps at least what was visible.
    expect(after.filter((i) => i.type !== 'text')).toEqual(
      shownBefore.filter((i) => i.type !== 'text'),
    );
    const text = after.find((i) => i.type === 'text');
    expect(text?.text.startsWith(draftBefore.slice(0, -1))).toBe(true);

    await configure(page);
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: 'Rain falls on about a third of days.' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Please finish the answer')).toBe('done');
    // The mock rejects a history with an unanswered tool call (400), so `done` already shows the
    // history was valid; it also tells the model that the page reloaded.
    const sent = JSON.stringify((await messageRequests()).at(-1)!.body.messages);
    expect(sent).toContain('page was closed or reloaded');
    expect(sent).toContain(COUNT_SQL.slice(0, 30));
    expect(errors).toEqual([]);
  });
});

describe('deleting a session', () => {
  it('removes it from the list and its data from IndexedDB and OPFS', async () => {
    const { page } = await openWithSample(browser());
    const [session] = await listedSessions(page);
    await expect.poll(async () => (await storedCounts(page)).files).toBe(1);
    expect(
      Number(await page.getAttribute('[data-testid="storage-usage"]', 'data-bytes')),
    ).toBeGreaterThan(100_000);

    // Storage lets the session go once its Undo notice has gone (8 s, passed on the clock).
    await page.clock.install();
    const item = page.locator(`[data-testid="session-item"][data-session-id="${session!.id}"]`);
    await item.locator('[data-testid="session-delete"]').click();
    await item.locator('[data-testid="session-delete-confirm"]').click();
    await page.waitForSelector('[data-testid="session-item"]', { state: 'detached' });
    // Still stored while Undo is offered (sessions-undo.test.ts takes it back).
    expect((await storedCounts(page)).sessions).toBe(1);
    await page.clock.fastForward(8_000);
    await page.waitForSelector('[data-testid="delete-notice"]', { state: 'detached' });
    await expectNothingStored(page);
    expect(await page.getAttribute('[data-testid="storage-usage"]', 'data-bytes')).toBe('0');
    // The deleted session was open: the page is back at its start, without its table.
    await page.waitForSelector('.welcome');
    expect(await page.locator('[data-testid="table-summary"]').count()).toBe(0);
    await page.reload();
    await sessionsReady(page);
    expect(await listedSessions(page)).toEqual([]);
  });

  // Which session opens after the open one is deleted: the state suite's
  // (tests/unit/state-suite/new-rename-delete.test.ts).

  it('renames a session, and the model’s title does not replace the person’s', async () => {
    const { page } = await openShared([]);
    const item = page.locator('[data-testid="session-item"][aria-current="true"]');
    const id = await currentSession(page);
    expect(await item.getAttribute('data-title')).toBe('weather.csv');
    await item.locator('[data-testid="session-rename"]').click();
    await page.fill('[data-testid="session-title-input"]', '  My   weather  ');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="session-item"][data-title="My weather"]');
    await mock().script(weatherAnalysis());
    expect(await analyze(page)).toBe('done');
    await page.reload();
    await sessionsReady(page, 1);
    expect((await listedSessions(page)).find((s) => s.id === id)?.title).toBe('My weather');
  });
});

describe('export and import', () => {
  it('opens in a fresh browser profile as the same transcript with the same query results', async () => {
    const { page } = await openScripted(browser(), weatherAnalysis());
    expect(await analyze(page)).toBe('done');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="export-session"]'),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.sift$/);
    const bytes = await bytesOf(download);
    expect(bytes.includes(Buffer.from(KEY))).toBe(false);
    expect(bytes.includes(Buffer.from('sk-ant-'))).toBe(false);
    const original = await transcript(page);
    const originalSql = await runSql(page, COUNT_SQL);

    const fresh = await openApp(browser());
    await sessionsReady(fresh.page);
    await fresh.page.setInputFiles('input[data-testid="import-session"]', {
      name: download.suggestedFilename(),
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    await fresh.page.waitForSelector(`[data-testid="session-item"][data-title="${TITLE}"]`);
    await sessionsReady(fresh.page, 1);
    expect(await transcript(fresh.page)).toEqual(original);
    expect(await runSql(fresh.page, COUNT_SQL)).toEqual(originalSql);
    // Imported means stored: it is still there after a reload.
    await fresh.page.reload();
    await sessionsReady(fresh.page, 1);
    expect(await transcript(fresh.page)).toEqual(original);
    // The same file again is not a second copy: its session is opened, and the page says so.
    await fresh.page.setInputFiles('input[data-testid="import-session"]', {
      name: download.suggestedFilename(),
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    const notice = fresh.page.locator('[data-testid="session-notice"]');
    await expect.poll(() => notice.innerText()).toMatch(/imported from this file before/);
    expect(await listedSessions(fresh.page)).toHaveLength(1);
    expect(fresh.errors).toEqual([]);
  });

  it('refuses a damaged or foreign file with a message, and stores nothing', async () => {
    const { page } = await openShared([]);
    const listed = (await listedSessions(page)).length;
    const { sessions } = await storedCounts(page);
    const whole = await downloaded(page, page.locator('[data-testid="export-session"]'));
    const cases = [
      {
        name: 'cut.sift',
        buffer: whole.subarray(0, whole.length - 1000),
        says: /missing|truncated|cut/i,
      },
      { name: 'weather.csv', buffer: Buffer.from('a,b\n1,2\n'), says: /not a Sift session/i },
      { name: 'empty.sift', buffer: Buffer.alloc(0), says: /empty/i },
    ];
    for (const c of cases) {
      await page.setInputFiles('input[data-testid="import-session"]', {
        name: c.name,
        mimeType: 'application/octet-stream',
        buffer: c.buffer,
      });
      const notice = page.locator('[data-testid="session-notice"]');
      await expect.poll(() => notice.innerText()).toMatch(c.says);
      await notice.locator('button').click();
    }
    expect((await listedSessions(page)).length).toBe(listed);
    expect((await storedCounts(page)).sessions).toBe(sessions);
  });
});
