/**
 * Sessions beside other tabs and without storage: two tabs on one session never lose or
 * duplicate an event, and a browser that cannot store (private mode, a full disk) still works.
 */
import { describe, expect, it } from 'vitest';
import { weatherQuestion } from '../fixtures/weather-script.ts';
import { analyze, ask, configure, messageRequests, mock, shownItems, turnEnded } from './agent.ts';
import { loadErrors, loadFiles, runSql } from './app.ts';
import { openApp, useBrowser } from './browser.ts';
import {
  currentSession,
  loadSample,
  openSecondTab,
  openWithSample,
  sessionsReady,
  storedEvents,
} from './sessions-helpers.ts';

const browser = useBrowser();

const answer = (text: string) => [
  {
    reply: {
      tools: [
        { name: 'output_text', input: { text } },
        { name: 'finalize', input: { session_title: null } },
      ],
    },
  },
];

describe('two tabs on one session', () => {
  it('one writes, the other follows read-only and takes over when the first closes', async () => {
    const { page: first, errors } = await openWithSample(browser());
    const id = await currentSession(first);
    const second = await openSecondTab(first);
    expect(await second.getAttribute('main', 'data-session-role')).toBe('follower');
    await second.waitForSelector('[data-testid="follower-banner"]');
    expect(await second.isDisabled('[data-testid="chat-input"]')).toBe(true);
    expect(await second.isDisabled('[data-testid="analyze"]')).toBe(true);
    // A file dropped on the follower is refused with a reason, not loaded where nothing saves it.
    await loadFiles(second, [
      { name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') },
    ]);
    expect((await loadErrors(second))[0]?.text).toMatch(/open in another tab/);
    expect(await second.locator('[data-testid="table-summary"]').count()).toBe(1);
    // The follower keeps no copy: its SQL runs in the writer's DuckDB, over BroadcastChannel.
    await second.waitForSelector('main[data-tables-in="writer"]');
    const sql = 'SELECT count(*) AS n, round(sum(precipitation), 1) AS rain FROM data';
    const followerSaw = await runSql(second, sql);
    expect(followerSaw).toMatchObject({ ok: true, header: ['n', 'rain'] });
    expect(followerSaw).toEqual(await runSql(first, sql));

    await mock().reset();
    await configure(first);
    // The SQL box's run above is the session's Q1 (its own queries share the series, issue 33):
    // the model's query is Q2.
    await mock().script(weatherQuestion('Q2'));
    expect(await ask(first, 'Which month is wettest in Seattle?')).toBe('done');
    // The follower shows the same turn, item for item, as it happened in the first tab.
    expect(await turnEnded(second, 1)).toBe('done');
    // A background tab draws no frames: the chart is drawn once the person looks at it.
    await second.bringToFront();
    await second.waitForSelector('[data-testid="plot"][data-rendered="true"]');
    expect(await shownItems(second)).toEqual(await shownItems(first));

    await first.close();
    await second.waitForSelector('main[data-session-role="writer"]', { timeout: 10_000 });
    // Taken over: the tables are this tab's own now, read again from the stored file.
    await second.waitForSelector('main[data-tables-in="this-tab"]');
    expect(await runSql(second, sql)).toEqual(followerSaw);
    await configure(second);
    await mock().script(answer('Second tab, now writing.'));
    expect(await ask(second, 'And the driest?')).toBe('done');
    expect((await shownItems(second)).at(-1)?.text).toContain('Second tab, now writing.');

    // Stored once each: one start and one end per turn, positions without gap or repeat.
    // The page shows an event before storage confirms it: wait for the last one to be written.
    await expect
      .poll(async () => (await storedEvents(second, id)).filter((e) => e.type === 'done').length)
      .toBe(2);
    const stored = await storedEvents(second, id);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i));
    const starts = stored.filter((e) => e.type === 'turn_start');
    expect(starts.length).toBe(2);
    expect(stored.filter((e) => e.type === 'done').length).toBe(2);
    expect(new Set(starts.map((e) => e.turnId)).size).toBe(2);
    expect(errors).toEqual([]);
  });

  // A turn cut off by the writer closing, and a second tab on another session, are the state
  // suite's (tests/unit/state-suite/two-tabs.test.ts); the takeover above proves the browser's
  // part — BroadcastChannel, Web Locks and the stored file — between real tabs.
});

describe('when the browser cannot store', () => {
  it('says so plainly and keeps working in memory when IndexedDB cannot open', async () => {
    const { page, errors } = await openApp(browser(), {
      init: () => {
        // As in some private modes: the database cannot be opened at all.
        IDBFactory.prototype.open = function () {
          throw new DOMException(
            'The user denied permission to access the database.',
            'UnknownError',
          );
        };
      },
    });
    await sessionsReady(page);
    await page.waitForSelector('[data-testid="storage-problem"]');
    expect(await page.innerText('[data-testid="storage-problem"]')).toMatch(/cannot be saved/);
    await loadSample(page);
    const result = await runSql(page, 'SELECT count(*) AS n FROM data');
    expect(result.ok && result.cells).toEqual([['2922']]);
    await mock().reset();
    await configure(page);
    await mock().script(answer('Works without storage.'));
    expect(await analyze(page)).toBe('done');
    expect(await messageRequests()).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('reports a full disk when a file cannot be stored, and the session keeps working', async () => {
    const { page, errors } = await openWithSample(browser(), {
      init: () => {
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (value: unknown, key?: IDBValidKey) {
          if (this.name === 'files')
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return put.call(this, value, key);
        };
      },
    });
    await page.waitForSelector('[data-testid="storage-problem"]');
    expect(await page.innerText('[data-testid="storage-problem"]')).toMatch(/storage .* is full/);
    const result = await runSql(page, 'SELECT count(*) AS n FROM data');
    expect(result.ok && result.cells).toEqual([['2922']]);
    await mock().reset();
    await configure(page);
    await mock().script(answer('Still here.'));
    expect(await analyze(page)).toBe('done');
    expect((await shownItems(page)).at(-1)?.text).toContain('Still here.');
    expect(errors).toEqual([]);
  });
});
