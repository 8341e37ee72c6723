/**
 * Figures checked against the query they cite (issue 31), as a person meets them: the scripted
 * model queries the sample, then quotes one figure rightly and one wrongly beside the citation,
 * and one with no citation. The expected figures come from native DuckDB on the same file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, messageRequests, useScriptedApp } from './agent.ts';
import { openApp, useBrowser } from './browser.ts';
import { downloaded } from './app.ts';
import { sessionsReady } from './sessions-helpers.ts';
import { serious } from './axe.ts';
import { openNativeDuckDB, type NativeDuckDB } from '../helpers/native-duckdb.ts';

const browser = useBrowser();
/** The sample in a new session, Claude scripted: one page for the file's tests. */
const scripted = useScriptedApp(browser);
const SQL =
  'SELECT location, round(avg(wind), 2) AS avg_wind, count(*) AS days FROM data GROUP BY location ORDER BY location';

let native: NativeDuckDB;
beforeAll(async () => {
  native = await openNativeDuckDB();
  await native.run("CREATE TABLE data AS SELECT * FROM read_csv('public/data/weather.csv')");
});
afterAll(() => native.close());

describe('figures beside a citation', () => {
  it('are checked against the cited result, a misquote is marked, and the cells are shown', async () => {
    const rows = await native.run(SQL);
    const [newYork, seattle] = rows.map((r) => Number(r.avg_wind));
    const misquoted = (seattle! + 0.04).toFixed(2);
    const days = Number(rows[0]!.days).toLocaleString('en-US');
    const answer = `New York is windier: ${newYork!.toFixed(2)} m/s against ${misquoted} m/s in Seattle [Q1]. Each city has ${days} days of records [Q1]. It rained on 1,087 days.`;
    const { page, errors } = await scripted([
      {
        reply: {
          tools: [{ name: 'sql_query', input: { query: SQL, description: 'Wind by city' } }],
        },
      },
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: answer } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
      // Told of the misquote before the turn ends, it keeps its answer.
      { reply: { tools: [{ name: 'finalize', input: { session_title: null } }] } },
    ]);
    expect(await ask(page, 'Which city is windier?')).toBe('done');
    const told = JSON.stringify((await messageRequests())[2]!.body.messages.at(-1));
    expect(told).toContain(`${misquoted} is not in Q1`);

    const shown = () =>
      page
        .locator('[data-testid="figure"]')
        .evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('data-state')]));
    const expected = [
      [newYork!.toFixed(2), 'checked'],
      [misquoted, 'mismatch'],
      [days, 'checked'],
      ['1,087', 'untraced'],
    ];
    expect(await shown()).toEqual(expected);
    const counts = page.locator('[data-testid="figure-counts"]');
    // Each state, focusable, named and told apart for a screen reader and in both themes.
    expect(await serious(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await serious(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await counts.innerText()).toBe(
      '2 figures checked · 1 figure not in the cited query · 1 not traced to a query',
    );

    // The misquote says so in the text, and on focus what the query has instead.
    const wrong = page.locator('[data-testid="figure"][data-state="mismatch"]');
    expect(await wrong.getAttribute('data-note')).toBe(
      `${misquoted} is not in Q1 — Q1 has ${seattle!.toFixed(2)}, ${newYork!.toFixed(2)}, ${days}`,
    );
    expect(await wrong.evaluate((e) => getComputedStyle(e, '::after').content)).toBe(
      '" not in Q1"',
    );
    await wrong.focus();
    const note = page.locator('[data-testid="figure-note"]');
    expect(await note.innerText()).toBe(await wrong.getAttribute('data-note'));
    // Beside the figure, inside the window.
    const [at, box] = await Promise.all([wrong.boundingBox(), note.boundingBox()]);
    expect(box!.y).toBeGreaterThan(at!.y);
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    // A checked figure shows where it came from, and a click marks its cell in the card.
    const right = page.locator('[data-testid="figure"][data-state="checked"]').first();
    expect(await right.getAttribute('data-note')).toBe(
      `${newYork!.toFixed(2)}: avg_wind, row 1 of Q1`,
    );
    await right.click();
    const cell = page.locator('#query-Q1 td[data-figure-cell="true"]');
    expect(await cell.allInnerTexts()).toEqual([newYork!.toFixed(2)]);

    // Checked on the stored results: the same after a reload.
    await page.reload();
    await sessionsReady(page, 1);
    await page.waitForSelector('[data-testid="figure"]');
    expect(await shown()).toEqual(expected);
    // And in a session exported and imported into a fresh browser profile.
    const sift = await downloaded(page, page.locator('[data-testid="export-session"]'));
    const fresh = await openApp(browser());
    await sessionsReady(fresh.page);
    await fresh.page.setInputFiles('input[data-testid="import-session"]', {
      name: 'wind.sift',
      mimeType: 'application/octet-stream',
      buffer: sift,
    });
    await sessionsReady(fresh.page, 1);
    await fresh.page.waitForSelector('[data-testid="figure"]');
    expect(
      await fresh.page
        .locator('[data-testid="figure"]')
        .evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('data-state')])),
    ).toEqual(expected);
    expect(fresh.errors).toEqual([]);
    await fresh.page.close();

    // Sent to the notebook (issue 48), the answer is a text cell citing a cell of its query,
    // run: its figures are checked there the same.
    await page
      .locator('[data-testid="item"][data-type="text"] [data-testid="to-notebook"]')
      .click();
    const inNotebook = page.locator(
      '[data-testid="cell"][data-kind="text"] [data-testid="figure"]',
    );
    await expect
      .poll(() =>
        inNotebook.evaluateAll((els) =>
          els.map((e) => [e.textContent, e.getAttribute('data-state')]),
        ),
      )
      .toEqual(expected);
    expect(
      await page
        .locator('[data-testid="cell"]')
        .evaluateAll((els) =>
          els.map((e) => [e.getAttribute('data-kind'), e.getAttribute('data-name')]),
        ),
    ).toEqual([
      ['sql', 'q1'],
      ['text', 'text_1'],
    ]);
    expect(
      await page.locator('[data-testid="cell"][data-kind="text"] cite').allInnerTexts(),
    ).toEqual(['@q1', '@q1']);

    // Nothing was asked of the model again: the page checks the stored results itself.
    expect(await messageRequests()).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it('marks the figure itself, never the same digits inside a word or an address', async () => {
    const { page, errors } = await scripted([
      { reply: { tools: [{ name: 'sql_query', input: { query: SQL, description: 'Wind' } }] } },
      {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: { text: 'Like H2O at https://example.org/2, 2 cities share it [Q1].' },
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'How many cities?')).toBe('done');
    const figure = page.locator('[data-testid="figure"]');
    expect(await figure.count()).toBe(1);
    // The result has 2 rows: the count checks, and its mark is on the "2" before "cities".
    expect(await figure.getAttribute('data-state')).toBe('checked');
    expect(
      await figure.evaluate((e) => [
        e.previousSibling?.textContent?.slice(-2),
        e.nextSibling?.textContent?.slice(0, 7),
      ]),
    ).toEqual([', ', ' cities']);
    expect(errors).toEqual([]);
  });

  it('a corrected answer takes the place of the misquote, and the activity keeps the first', async () => {
    const rows = await native.run(SQL);
    const [newYork, seattle] = rows.map((r) => Number(r.avg_wind).toFixed(2));
    const wrong = `New York ${newYork} m/s, Seattle ${(Number(seattle) + 0.04).toFixed(2)} m/s [Q1].`;
    const right = `New York ${newYork} m/s, Seattle ${seattle} m/s [Q1].`;
    const { page, errors } = await scripted([
      { reply: { tools: [{ name: 'sql_query', input: { query: SQL, description: 'Wind' } }] } },
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: wrong }, id: 'toolu_misquote' },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: right, replaces: 'toolu_misquote' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Which city is windier?')).toBe('done');
    const answers = page.locator('[data-testid="item"][data-type="text"]');
    const check = async () => {
      expect(await answers.count()).toBe(1);
      expect(await answers.locator('.markdown').innerText()).toBe(right.replace(' [Q1]', ' Q1'));
      expect(
        await page
          .locator('[data-testid="figure"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))),
      ).toEqual(['checked', 'checked']);
      await page.click('[data-testid="activity"] summary');
      expect(await page.locator('[data-testid="activity"]').innerText()).toContain(
        `It first read: ${wrong}`,
      );
    };
    await check();
    await page.reload();
    await sessionsReady(page, 1);
    await page.waitForSelector('[data-testid="figure"]');
    await check();
    expect(errors).toEqual([]);
  });
});
