/**
 * Claude looks at the chart it drew: the request after create_plot carries exactly one image, a
 * base64 PNG the page drew from the checked spec, and Claude's fix (create_plot with `replaces`)
 * takes the first chart's place. With the setting off, no image is sent.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ask,
  messageRequests,
  type MessagesRequest,
  openSettings,
  useScriptedApp,
} from './agent.ts';
import { useBrowser } from './browser.ts';

const browser = useBrowser();
/**
 * The sample in a new session, Claude configured and scripted: one page for both tests, which
 * each start so (useScriptedApp): 2 boots of DuckDB become 1 (the file took 6.7 s; 6.6 to 7.6 s
 * so, shuffled, on a 2-core machine loaded by other runs). The chart check is a saved setting that
 * outlives the session, so each test sets it as it needs it (chartCheck).
 */
const scripted = useScriptedApp(browser);

/** Turns the chart check on or off in the settings, and saves them. */
async function chartCheck(page: Page, on: boolean): Promise<void> {
  await openSettings(page);
  await page.setChecked('[data-testid="settings-chart-check"]', on);
  await page.click('[data-testid="save-settings"]');
}

const CHART_ID = 'toolu_chart_check_1';
const monthly = {
  name: 'sql_query',
  input: {
    query:
      "SELECT strftime(date, '%m') AS month, round(sum(precipitation)) AS mm FROM data GROUP BY 1 ORDER BY 1",
    description: 'Rain by month',
  },
};
const chart = (title: string, extra: Record<string, unknown> = {}) => ({
  name: 'create_plot',
  input: {
    title,
    query_id: 'Q1',
    vega_lite_spec: {
      mark: 'bar',
      encoding: {
        x: { field: 'month', type: 'ordinal' },
        y: { field: 'mm', type: 'quantitative' },
      },
    },
    ...extra,
  },
});
const script = [
  { reply: { tools: [monthly] } },
  { reply: { tools: [{ ...chart('Rain by month'), id: CHART_ID }] } },
  {
    reply: {
      tools: [
        chart('Rain by month (mm)', { replaces: CHART_ID }),
        { name: 'finalize', input: { session_title: null } },
      ],
    },
  },
];

type Block = { type: string; source?: { type: string; media_type: string; data: string } };
const images = (request: MessagesRequest): Block[] =>
  request.body.messages.flatMap((m) =>
    (Array.isArray(m.content) ? (m.content as Block[]) : []).flatMap((b) =>
      b.type === 'tool_result' && Array.isArray((b as { content?: unknown }).content)
        ? (b as unknown as { content: Block[] }).content.filter((c) => c.type === 'image')
        : [],
    ),
  );

/** Width and height from a PNG's header (IHDR). */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the chart check', () => {
  it('sends the drawn chart once as a PNG, and the fix replaces the chart', async () => {
    const { page, errors } = await scripted(script);
    // On, as it is by default: the test before may have turned it off.
    await chartCheck(page, true);
    expect(await ask(page, 'Which months are wettest?')).toBe('done');

    const requests = await messageRequests();
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => images(r).length)).toEqual([0, 0, 1]);
    const [image] = images(requests[2]!);
    expect(image!.source!.type).toBe('base64');
    expect(image!.source!.media_type).toBe('image/png');
    const { width, height } = pngSize(image!.source!.data);
    expect(width).toBeGreaterThan(300);
    expect(height).toBeGreaterThan(100);

    const plots = page.locator('[data-testid="item"][data-type="plot"]');
    expect(await plots.count()).toBe(1);
    expect(await plots.locator('.plot-title').innerText()).toBe('Rain by month (mm)');

    // Sent to the notebook (issue 48): a chart cell drawn from a SQL cell of its query, run.
    await plots.locator('[data-testid="to-notebook"]').click();
    const drawn = page.locator('[data-testid="cell"][data-kind="chart"] [data-testid="plot"]');
    await expect.poll(() => drawn.getAttribute('data-rendered')).toBe('true');
    expect(await drawn.locator('.plot-title').innerText()).toBe('Rain by month (mm)');
    expect(await drawn.locator('svg .mark-rect path').count()).toBe(12);
    expect(
      await page
        .locator('[data-testid="cell"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
    ).toEqual(['sql', 'chart']);
    expect(errors).toEqual([]);
  });

  it('sends no image when the person turned the check off', async () => {
    const { page } = await scripted(script);
    await chartCheck(page, false);
    expect(await ask(page, 'Which months are wettest?')).toBe('done');
    expect((await messageRequests()).map((r) => images(r).length)).toEqual([0, 0, 0]);
  });
});
