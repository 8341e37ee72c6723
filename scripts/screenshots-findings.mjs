// Screenshots of findings a person can check and hand on, and of the load and engine
// messages, with Claude played by the tests' mock Messages API:
//   npm run build && node scripts/screenshots-findings.mjs [outDir]
// Each screen at 1280×800 and at a phone's 390 px.
import { mkdirSync, readFileSync } from 'node:fs';
import { openConfigured, startMockApp } from './mock-app.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const app = await startMockApp();
const { mock, browser, loader } = app;
const { weatherAnalysis, weatherQuestion } = await loader.ssrLoadModule(
  '/tests/fixtures/weather-script.ts',
);

const REPORT = [
  '# Seattle and New York weather, 2012–2015',
  '## Executive summary',
  'Seattle is wetter by month in winter: November brings 642.5 mm over four years [Q2].',
  '[[C1]]',
  '## Findings',
  '### Winter rain in Seattle',
  'December (622.7 mm) and March (606.2 mm) follow November [Q2]; July is driest at 48.2 mm [Q2].',
  '## Data quality and caveats',
  'Four years of daily records; no missing dates were found in the profile.',
  '## Suggested next steps',
  '- Compare New York month by month.',
  '- Look at the number of rainy days, not only the totals.',
].join('\n\n');

async function session(width, height) {
  const page = await openConfigured(app, { width, height });
  mock.script(weatherAnalysis());
  await page.click('[data-testid="analyze"]');
  await page.waitForSelector(
    '[data-testid="turn-state"][data-turns="1"]:not([data-state="running"])',
  );
  const question = weatherQuestion('Q2');
  const last = question.at(-1).reply.tools.find((t) => t.name === 'finalize');
  last.input.suggestions = [
    'How many rainy days does each city have?',
    'Which year was driest in Seattle?',
    'Is wind stronger in winter?',
  ];
  mock.script(question);
  await page.fill('[data-testid="chat-input"]', 'Which month is wettest in Seattle?');
  await page.click('[data-testid="send"]');
  await page.waitForSelector(
    '[data-testid="turn-state"][data-turns="2"]:not([data-state="running"])',
  );
  await page.waitForSelector('[data-testid="plot"][data-rendered="true"]');
  return page;
}

for (const [tag, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
]) {
  const page = await session(width, height);
  await page
    .locator('.turn')
    .nth(1)
    .screenshot({ path: `${out}/f1-citations-suggestions-${tag}.png` });
  await page.click('[data-testid="citation"]');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/f2-citation-followed-${tag}.png` });
  await page.locator('.report-panel').scrollIntoViewIfNeeded();
  await page.locator('.report-panel').screenshot({ path: `${out}/f3-report-before-${tag}.png` });
  mock.script([{ reply: { text: REPORT }, chunkDelayMs: 5 }]);
  await page.click('[data-testid="generate-report"]');
  await page.waitForSelector('[data-testid="report"][data-state="done"]');
  await page.waitForSelector('[data-testid="report"] [data-testid="plot"][data-rendered="true"]');
  await page.locator('.report-panel').screenshot({ path: `${out}/f4-report-${tag}.png` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid="export-report-html"]'),
  ]);
  const html = readFileSync(await download.path(), 'utf8');
  const viewer = await browser.newPage({ viewport: { width, height } });
  await viewer.setContent(html, { waitUntil: 'load' });
  await viewer.screenshot({ path: `${out}/f5-report-html-${tag}.png`, fullPage: true });
  await viewer.close();

  // A JSON file cut short, refused with the reason, and a cut-off answer.
  await page.setInputFiles('input[data-testid="file-input"]', {
    name: 'cars.json',
    mimeType: 'application/json',
    buffer: readFileSync('node_modules/vega-datasets/data/cars.json').subarray(0, 5000),
  });
  await page.waitForSelector('[data-testid="load-error"]');
  await page
    .locator('[data-testid="load-error"]')
    .screenshot({ path: `${out}/f6-json-damaged-${tag}.png` });
  mock.script([
    {
      cut: {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: {
                text: 'Seattle has rain on more days than New York, but New York gets more rain per rainy day, so the totals are close and the two cities differ in how the rain comes.',
              },
            },
          ],
        },
        afterEvents: 9,
      },
      chunkDelayMs: 20,
    },
  ]);
  await page.fill('[data-testid="chat-input"]', 'How does rain differ?');
  await page.click('[data-testid="send"]');
  await page.waitForSelector(
    '[data-testid="turn-state"][data-turns="3"]:not([data-state="running"])',
  );
  await page
    .locator('.turn')
    .nth(2)
    .screenshot({ path: `${out}/f7-cut-off-${tag}.png` });
  await page.close();
}

await app.close();
console.log(`Screenshots in ${out}/`);
