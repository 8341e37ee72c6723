/**
 * Claude analysing the sample through the real SDK in the page, against the local mock of the
 * Messages API: the initial analysis, a question with a query, a table and a chart, a tool error
 * fed back and retried, truncated results, and Stop. The requests the mock received are checked
 * as the API would see them.
 */
import { COLUMN_TABLE_HEADERS } from '../../src/core/tools/output-table.ts';
import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { weatherAnalysis, weatherQuestion } from '../fixtures/weather-script.ts';
import { bytesOf, waitForLoads } from './app.ts';
import {
  analyze,
  ask,
  useConfiguredApp,
  ENDLESS_QUERY,
  KEY,
  messageRequests,
  mock,
  queryStep,
  shownItems,
  toolResults,
  turnEnded,
} from './agent.ts';
import { useBrowser } from './browser.ts';
import { mockUrl } from './mock-url.ts';

const browser = useBrowser();
let page: Page;
let errors: string[];
let sent: Request[] = [];

const COLUMNS = ['location', 'date', 'precipitation', 'temp_max', 'temp_min', 'wind', 'weather'];

beforeEach(async () => {
  await mock().reset();
});

/**
 * One page for the file's tests, the model configured once; each test starts from a new session
 * with the sample loaded, its requests recorded from then on.
 */
const shared = useConfiguredApp(browser);
let recording: ((r: Request) => void) | undefined;

async function open(): Promise<void> {
  ({ page, errors } = await shared());
  if (recording) page.off('request', recording);
  const requests: Request[] = [];
  sent = requests;
  recording = (r) => requests.push(r);
  page.on('request', recording);
  await page.click('[data-testid="sample-button"]');
  await waitForLoads(page, 1);
}

describe('initial analysis of the sample', () => {
  it('shows the summary, a table of every column and the title', async () => {
    await open();
    await mock().script([
      {
        reply: {
          reasoning: 'I will profile every column, then look at the weather types.',
          tools: [
            { name: 'profile_columns', input: {} },
            {
              name: 'sql_query',
              input: {
                query:
                  'SELECT weather, count(*) AS days FROM data GROUP BY weather ORDER BY days DESC',
                description: 'Days of each weather type',
              },
            },
          ],
          usage: { input_tokens: 3_100, output_tokens: 120, cache_creation_input_tokens: 2_000 },
        },
        chunkDelayMs: 5,
      },
      {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: {
                text: 'Daily weather for **Seattle** and **New York**, 2012–2015. Sun is the most common weather.',
              },
            },
            {
              name: 'output_table',
              input: {
                title: 'Columns',
                headers: [...COLUMN_TABLE_HEADERS],
                rows: COLUMNS.map((c) => [c, 'x', 2922, 1, `About ${c}`, '…', 'None']),
              },
            },
            { name: 'finalize', input: { session_title: 'Seattle and New York Weather' } },
          ],
          usage: { input_tokens: 900, output_tokens: 400, cache_read_input_tokens: 2_000 },
        },
      },
    ]);
    expect(await analyze(page)).toBe('done');

    const items = await shownItems(page);
    expect(items.map((i) => i.type)).toEqual(['query_result', 'text', 'table']);
    expect(items[0]).toMatchObject({ rows: 5, rowCount: 5, error: 'false' });
    expect(items[0]!.text).toContain('Days of each weather type');
    expect(items[1]!.text).toContain('Sun is the most common weather');
    expect(
      await page.$$eval('[data-testid="item"][data-type="text"] strong', (e) => e.length),
    ).toBe(2);
    // Every column of the loaded table appears in the per-column table.
    const profiled = await page.$$eval(
      '[data-testid="profile-table"][data-complete] tr[data-column]',
      (rows) => rows.map((r) => r.getAttribute('data-column')),
    );
    expect(profiled).toEqual(COLUMNS);
    const table = page.locator(
      '[data-testid="item"][data-type="table"] [data-testid="data-table"]',
    );
    expect(await table.getAttribute('data-rows')).toBe(String(COLUMNS.length));
    expect(await table.getAttribute('data-shown')).toBe('5');
    await table.locator('[data-testid="table-expand"]').click();
    expect(await table.getAttribute('data-shown')).toBe(String(COLUMNS.length));
    const tableText = await table.innerText();
    for (const c of COLUMNS) expect(tableText).toContain(c);
    expect(await page.textContent('.analysis h2')).toBe('Seattle and New York Weather');
    // Reasoning stays out of the answer, in the collapsed trail.
    expect(items.map((i) => i.text).join('\n')).not.toContain('I will profile every column');
    expect(await page.textContent('[data-testid="activity"]')).toContain(
      'I will profile every column',
    );
    expect(await page.isVisible('[data-testid="reasoning"]')).toBe(false);

    const usage = await page.$('[data-testid="usage"]');
    expect(await usage!.getAttribute('data-input-tokens')).toBe(
      String(3_100 + 2_000 + 900 + 2_000),
    );
    expect(await usage!.getAttribute('data-output-tokens')).toBe('520');

    const requests = await messageRequests();
    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(first!.body.tools.map((t) => t.name)).toEqual([
      'sql_query',
      'profile_columns',
      'find_value',
      'list_tables',
      'describe_table',
      'validate_finding',
      'ask_user',
      'output_text',
      'output_table',
      'create_plot',
      'finalize',
    ]);
    expect(first!.body.system[0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(first!.body.tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    expect(first!.body.system[0]!.text).toContain('temp_max: DOUBLE');
    const [profile, counts] = toolResults(second!);
    expect(profile!.content).toContain('weather (VARCHAR)');
    expect(counts!.content).toContain('5 rows.');
    expect(counts!.content).toContain('["sun",1466]');
    // The key travels only in the SDK's authentication header.
    for (const r of requests) {
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(JSON.stringify(r.body)).not.toContain(KEY);
      expect(r.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    }
  });
});

describe('a question', () => {
  it('produces a query card, a table and a chart drawn as SVG', async () => {
    await open();
    // Titled by its file once the session is stored, a moment after the load.
    await expect.poll(() => page.textContent('.analysis h2')).toBe('weather.csv');
    const titleBefore = await page.textContent('.analysis h2');
    const turns = Number(await page.getAttribute('[data-testid="turn-state"]', 'data-turns'));
    await mock().script([
      {
        reply: {
          tools: [
            {
              name: 'sql_query',
              input: {
                query:
                  "SELECT month(date) AS month, round(sum(precipitation), 1) AS rain_mm FROM data WHERE location = 'Seattle' GROUP BY month ORDER BY month",
                description: 'Seattle rain by month',
              },
            },
          ],
        },
      },
      {
        reply: {
          tools: [
            {
              name: 'output_table',
              input: {
                title: 'Wettest months',
                headers: ['month', 'rain_mm'],
                rows: [
                  [11, 642.5],
                  [12, 622.7],
                  [3, 606.2],
                ],
              },
            },
            {
              name: 'create_plot',
              input: {
                title: 'Rain by month',
                vega_lite_spec: {
                  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
                  mark: 'bar',
                  data: {
                    values: Array.from({ length: 12 }, (_, i) => ({
                      month: i + 1,
                      rain_mm: 100 + i,
                    })),
                  },
                  encoding: {
                    x: { field: 'month', type: 'ordinal' },
                    y: { field: 'rain_mm', type: 'quantitative' },
                  },
                },
              },
            },
            { name: 'output_text', input: { text: 'November is the wettest month in Seattle.' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    const items = (await shownItems(page)).slice(-4);
    expect(items.map((i) => i.type)).toEqual(['query_result', 'table', 'plot', 'text']);
    expect(items[0]).toMatchObject({ rows: 12, error: 'false' });
    await page.waitForSelector('[data-testid="plot"][data-rendered="true"] svg', {
      timeout: 20_000,
    });
    const bars = await page.$$eval('[data-testid="plot"] svg .mark-rect path', (p) => p.length);
    expect(bars).toBe(12);
    // The table sorts by a column and downloads as CSV in the order shown.
    const table = page.locator('[data-testid="item"][data-type="table"]').last();
    await table.locator('[data-testid="sort-1"]').click();
    const firstCells = () => table.locator('tbody tr td:first-child').allInnerTexts();
    expect(await firstCells()).toEqual(['3', '12', '11']);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      table.locator('[data-testid="table-csv"]').click(),
    ]);
    expect(csv.suggestedFilename()).toBe('weather – Wettest months.csv');
    expect((await bytesOf(csv)).toString('utf8')).toBe(
      'month,rain_mm\r\n3,606.2\r\n12,622.7\r\n11,642.5\r\n',
    );
    // The chart saves as SVG and PNG.
    const plot = page.locator('[data-testid="plot"]').last();
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      plot.locator('[data-testid="plot-svg"]').click(),
    ]);
    expect(svg.suggestedFilename()).toBe('weather – Rain by month.svg');
    expect((await bytesOf(svg)).toString('utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      plot.locator('[data-testid="plot-png"]').click(),
    ]);
    expect(png.suggestedFilename()).toBe('weather – Rain by month.png');
    const bytes = await bytesOf(png);
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    // A question whose finalize gives no title leaves the session's name as it was.
    expect(await page.textContent('.analysis h2')).toBe(titleBefore);
    expect(await turnEnded(page, turns + 1)).toBe('done');
  });

  it('feeds a wrong column back with a hint, and the retry succeeds', async () => {
    await open();
    await mock().script([
      {
        reply: {
          tools: [
            {
              name: 'sql_query',
              input: {
                query: 'SELECT max(tempmax) AS hottest FROM data',
                description: 'Hottest day',
              },
            },
          ],
        },
      },
      {
        reply: {
          tools: [
            {
              name: 'sql_query',
              input: {
                query: 'SELECT max(temp_max) AS hottest FROM data',
                description: 'Hottest day',
              },
            },
          ],
        },
      },
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: 'The hottest day reached 37.8 °C.' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'How hot did it get?')).toBe('done');
    const items = (await shownItems(page)).slice(-3);
    expect(items.map((i) => [i.type, i.error])).toEqual([
      ['query_result', 'true'],
      ['query_result', 'false'],
      ['text', null],
    ]);
    expect(items[0]!.text).toContain('tempmax');
    const requests = await messageRequests();
    const feedback = toolResults(requests[1]!)[0]!;
    expect(feedback.is_error).toBe(true);
    expect(feedback.content).toContain('did you mean "temp_max"');
    expect(toolResults(requests[2]!)[0]!.content).toContain('[37.8]');
  });

  it('finds where a value occurs and profiles chosen columns, on the real engine', async () => {
    await open();
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'find_value', input: { value: 'seattle' } },
            { name: 'find_value', input: { value: 'nowhere-at-all' } },
            { name: 'profile_columns', input: { columns: ['wind', 'weather'] } },
            { name: 'profile_columns', input: { columns: ['windspeed'] } },
          ],
        },
      },
      { reply: { tools: [{ name: 'finalize', input: { session_title: null } }] } },
    ]);
    expect(await ask(page, 'Where is Seattle?')).toBe('done');
    const [found, missing, profile, unknown] = toolResults((await messageRequests())[1]!);
    expect(found!.content).toContain('data.location: 1,461 exact, 1,461 containing');
    expect(found!.content).not.toContain('data.weather');
    expect(missing!.content).toMatch(/No column of any table contains/);
    expect(profile!.content).toMatch(/^data: 2,922 rows\nwind \(DOUBLE\)/);
    expect(profile!.content).toContain('weather (VARCHAR)');
    expect(profile!.content).not.toContain('temp_max');
    expect(unknown!.is_error).toBe(true);
    expect(unknown!.content).toContain('did you mean "wind"');
  });

  it('sends the model at most 50 rows of a large result while the page keeps 1,000', async () => {
    await open();
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'sql_query', input: { query: 'SELECT * FROM data', description: 'Every row' } },
          ],
        },
      },
      { reply: { tools: [{ name: 'finalize', input: { session_title: null } }] } },
    ]);
    expect(await ask(page, 'Show me everything')).toBe('done');
    const card = (await shownItems(page)).at(-1)!;
    expect(card).toMatchObject({ type: 'query_result', rows: 1000, rowCount: 2922 });
    const content = toolResults((await messageRequests())[1]!)[0]!.content;
    const rows = content.split('\n').filter((l) => l.startsWith('['));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(50);
    expect(content.length).toBeLessThanOrEqual(8_200);
    expect(content).toContain('of 2,922 rows');
  });
});

describe('Stop', () => {
  it('stops a long query within a moment and keeps what was shown', async () => {
    await open();
    await mock().script([queryStep(ENDLESS_QUERY, 'A very long count')]);
    const before = (await shownItems(page)).length;
    await ask(page, 'Count forever', { wait: false });
    await page.waitForSelector(
      '[data-testid="item"][data-type="query_result"][data-running="true"]',
    );
    const turns = Number(await page.getAttribute('[data-testid="turn-state"]', 'data-turns'));
    await page.click('[data-testid="stop"]');
    expect(await turnEnded(page, turns, 5_000)).toBe('stopped');
    const items = await shownItems(page);
    expect(items).toHaveLength(before + 1);
    expect(items.at(-1)).toMatchObject({ type: 'query_result', error: 'true' });
    expect(items.at(-1)!.text).toContain('Stopped');
    // No further model call, and the engine is free for the next question.
    expect(await messageRequests()).toHaveLength(1);
    await mock().script([
      {
        reply: {
          tools: [
            {
              name: 'sql_query',
              input: { query: 'SELECT count(*) AS n FROM data', description: 'Rows' },
            },
          ],
        },
      },
      { reply: { tools: [{ name: 'finalize', input: { session_title: null } }] } },
    ]);
    expect(await ask(page, 'How many rows?')).toBe('done');
    expect((await shownItems(page)).at(-1)).toMatchObject({
      type: 'query_result',
      error: 'false',
      rows: 1,
    });
    // The history sent after a stop is one the API accepts, and says what happened.
    const next = (await messageRequests()).at(-2)!;
    expect(JSON.stringify(next.body.messages)).toContain('stopped the previous request');
  });

  it('stops while the model is still answering', async () => {
    await open();
    await mock().script([{ hang: true }]);
    const turns = Number(await page.getAttribute('[data-testid="turn-state"]', 'data-turns'));
    await ask(page, 'Think for a long time', { wait: false });
    // The request is under way: the mock has answered its headers and holds the stream open.
    await expect.poll(async () => (await messageRequests()).length).toBe(1);
    await page.click('[data-testid="stop"]');
    expect(await turnEnded(page, turns + 1, 5_000)).toBe('stopped');
  });
});

describe('what left the page', () => {
  it('only went to the app itself and the configured base URL', async () => {
    await open();
    await mock().script(weatherAnalysis());
    expect(await analyze(page)).toBe('done');
    await mock().script(weatherQuestion('Q2'));
    expect(await ask(page, 'How does rain differ between the cities?')).toBe('done');
    await page.waitForSelector('[data-testid="plot"][data-rendered="true"] svg');
    const app = new URL(inject('baseUrl')).origin;
    const model = new URL(mockUrl()).origin;
    const origins = new Set(sent.map((r) => new URL(r.url()).origin));
    origins.delete('null');
    expect([...origins].filter((o) => o !== app && o !== model && !o.startsWith('blob:'))).toEqual(
      [],
    );
    for (const r of sent.filter((r) => new URL(r.url()).origin === app))
      expect(JSON.stringify(await r.allHeaders())).not.toContain(KEY);
    expect(errors).toEqual([]);
  });
});
