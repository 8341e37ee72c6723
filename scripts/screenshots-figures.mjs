// Screenshots of an answer's figures checked against the query they cite (issue 31), with
// Claude played by the tests' mock Messages API:
//   npm run build && node scripts/screenshots-figures.mjs [outDir]
// Each screen at 1280×800 and at a phone's 390 px, light and dark.
import { mkdirSync, readFileSync } from 'node:fs';
import { openConfigured, startMockApp } from './mock-app.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const app = await startMockApp();
const { mock } = app;

const SQL =
  'SELECT location, round(avg(wind), 2) AS avg_wind, count(*) AS days FROM data GROUP BY location ORDER BY location';
// 4.96 and 1,461 are in the result; 3.28 is a misreading of Seattle's 3.24; 1,087 cites nothing.
const ANSWER = [
  'New York is the windier city: its wind averages **4.96 m/s** against 3.28 m/s in Seattle [Q1].',
  '',
  '- Each city has 1,461 days of records [Q1].',
  '- New York is about 53% windier [Q1].',
  '- It rained on 1,087 days.',
].join('\n');

const REPORT = [
  '# Wind in two cities',
  '## Executive summary',
  'New York is the windier city, at 4.96 m/s against 3.24 m/s in Seattle [Q1].',
  '## Findings',
  '- Each city has 1,461 days of records [Q1].',
  '- New York is about 60% windier [Q1].',
  '- Seattle is calm on 30% of days.',
].join('\n\n');

for (const [tag, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
]) {
  for (const scheme of ['light', 'dark']) {
    const page = await openConfigured(app, { width, height });
    await page.emulateMedia({ colorScheme: scheme });
    mock.script([
      {
        reply: {
          tools: [{ name: 'sql_query', input: { query: SQL, description: 'Wind by city' } }],
        },
      },
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: ANSWER } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    await page.fill('[data-testid="chat-input"]', 'Which city is windier?');
    await page.click('[data-testid="send"]');
    await page.waitForSelector(
      '[data-testid="turn-state"][data-turns="1"]:not([data-state="running"])',
    );
    const turn = page.locator('.turn').first();
    await turn.screenshot({ path: `${out}/g1-figures-${tag}-${scheme}.png` });
    await page.locator('[data-testid="figure"][data-state="mismatch"]').focus();
    await page.screenshot({ path: `${out}/g2-figure-mismatch-note-${tag}-${scheme}.png` });
    await page.locator('[data-testid="figure"][data-state="checked"]').first().click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/g3-figure-cells-${tag}-${scheme}.png` });

    // Told of the misquote, Claude corrects it: the answer is replaced, the activity keeps the first.
    mock.script([
      {
        reply: {
          tools: [{ name: 'sql_query', input: { query: SQL, description: 'Wind by city' } }],
        },
      },
      {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: { text: 'Seattle averages 3.28 m/s [Q2].' },
              id: `toolu_shot_${tag}_${scheme}`,
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
      {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: {
                text: 'Seattle averages 3.24 m/s [Q2].',
                replaces: `toolu_shot_${tag}_${scheme}`,
              },
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    await page.fill('[data-testid="chat-input"]', 'And Seattle alone?');
    await page.click('[data-testid="send"]');
    await page.waitForSelector(
      '[data-testid="turn-state"][data-turns="2"]:not([data-state="running"])',
    );
    const second = page.locator('.turn').nth(1);
    await second.locator('[data-testid="activity"] summary').click();
    await second.screenshot({ path: `${out}/g4-figure-corrected-${tag}-${scheme}.png` });

    // The report: its figures marked in the page, and in the saved HTML file.
    mock.script([{ reply: { text: REPORT }, chunkDelayMs: 2 }]);
    await page.click('[data-testid="generate-report"]');
    await page.waitForSelector('[data-testid="report"][data-state="done"]');
    await page.locator('.report-panel').scrollIntoViewIfNeeded();
    await page
      .locator('.report-panel')
      .screenshot({ path: `${out}/g5-report-figures-${tag}-${scheme}.png` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="export-report-html"]'),
    ]);
    const viewer = await app.browser.newPage({ viewport: { width, height } });
    await viewer.emulateMedia({ colorScheme: scheme });
    await viewer.setContent(readFileSync(await download.path(), 'utf8'));
    await viewer.screenshot({ path: `${out}/g6-report-html-${tag}-${scheme}.png`, fullPage: true });
    await viewer.close();
    await page.close();
  }
}
await app.close();
