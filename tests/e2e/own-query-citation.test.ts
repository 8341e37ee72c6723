/**
 * A query the person ran in the SQL box is one the model is told of and may cite (issue 33,
 * item 2): the real SDK against the mock Messages API, DuckDB in its worker. The figure the
 * answer cites is computed here from the bundled CSV.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runSql, showView } from './app.ts';
import { ask, messageRequests, mock, openScripted } from './agent.ts';
import { useBrowser } from './browser.ts';

const browser = useBrowser();

describe('the person’s query, cited by the model', () => {
  it('is told to the model with its id, and its citation leads to it in the data tab', async () => {
    const lines = (await readFile('public/data/weather.csv', 'utf8')).trim().split('\n').slice(1);
    const wettest = Math.max(
      ...lines.filter((l) => l.startsWith('Seattle,')).map((l) => Number(l.split(',')[2])),
    );
    const { page } = await openScripted(browser(), []);
    const sql = "SELECT max(precipitation) AS wettest FROM data WHERE location = 'Seattle'";
    expect(await runSql(page, sql)).toMatchObject({ ok: true, cells: [[String(wettest)]] });
    expect(
      await page.locator('[data-testid="sql-result"] [data-testid="query-id"]').innerText(),
    ).toBe('Q1');

    await mock().script([
      {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: { text: `Seattle's wettest day had ${wettest} mm of rain [Q1].` },
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    await showView(page, 'chat');
    expect(await ask(page, 'What was the wettest day you can see from my query?')).toBe('done');

    // The model was told of the query: its id, its SQL and its result, before the question.
    const [request] = await messageRequests();
    const told = JSON.stringify(request!.body.messages.at(-1)!.content);
    expect(told).toContain('Q1, run by the person');
    expect(told).toContain("WHERE location = 'Seattle'");
    expect(told).toContain(String(wettest));

    const cite = page.locator('[data-testid="citation"][data-query="Q1"]');
    expect(await cite.getAttribute('data-verified')).toBe('true');
    await cite.click();
    await expect
      .poll(() => page.getAttribute('[data-testid="view-data"]', 'aria-selected'))
      .toBe('true');
    await expect.poll(() => page.getAttribute('#query-Q1', 'data-highlighted')).toBe('true');
  });
});
