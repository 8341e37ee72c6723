// Screenshots of the analysis screens, with Claude played by the tests' mock Messages API:
//   npm run build && node scripts/screenshots-analysis.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { createServer, preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
// The mock is TypeScript; Vite's SSR loader runs it without a build step.
const loader = await createServer({ server: { middlewareMode: true }, logLevel: 'warn' });
const { startMockAnthropic } = await loader.ssrLoadModule('/tests/mock-anthropic/server.ts');
const { weatherAnalysis, weatherQuestion } = await loader.ssrLoadModule(
  '/tests/fixtures/weather-script.ts',
);
const mock = await startMockAnthropic();
process.env.SIFT_CONNECT_SRC = mock.url;
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const turnEnded = (n) =>
  page.waitForSelector(`[data-testid="turn-state"][data-turns="${n}"]:not([data-state="running"])`);

await page.goto(url);
await page.waitForSelector('.engine[data-state="ready"]');
await page.click('[data-testid="sample-button"]');
await page.waitForSelector('[data-testid="profile-table"][data-complete]');
await page.click('[data-testid="analyze"]');
await page.waitForSelector('[data-testid="settings"]');
await page.check('[data-testid="provider-gateway"]');
await page.fill('[data-testid="api-key"]', 'sk-ant-api03-screenshot');
await page.check('[data-testid="remember-key"]');
await page.fill('[data-testid="base-url"]', mock.url);
await page.locator('[data-testid="settings"]').screenshot({ path: `${out}/5-settings.png` });
// Saving the key carries on with the analysis that asked for it.
mock.script(weatherAnalysis());
await page.click('[data-testid="save-settings"]');
await turnEnded(1);
await page.locator('.analysis').screenshot({ path: `${out}/6-initial-analysis.png` });

mock.script(weatherQuestion());
await page.fill('[data-testid="chat-input"]', 'Which month is wettest in Seattle?');
await page.click('[data-testid="send"]');
await turnEnded(2);
await page.waitForSelector('[data-testid="plot"][data-rendered="true"]');
await page
  .locator('.turn')
  .nth(1)
  .screenshot({ path: `${out}/7-question-chart.png` });
await page.locator('.turn').nth(1).locator('[data-testid="activity"] summary').click();
await page
  .locator('.turn')
  .nth(1)
  .locator('details')
  .first()
  .screenshot({ path: `${out}/8-activity.png` });

const rateLimited = {
  status: 429,
  errorType: 'rate_limit_error',
  message: 'Slow down',
  headers: { 'retry-after-ms': '1' },
};
mock.script([
  {
    reply: {
      tools: [{ name: 'sql_query', input: { query: 'SELECT 1', description: 'A first look' } }],
    },
  },
  // The first try and the SDK's 3 retries.
  ...Array(4).fill(rateLimited),
]);
await page.fill('[data-testid="chat-input"]', 'And the windiest?');
await page.click('[data-testid="send"]');
await turnEnded(3);
await page
  .locator('.turn')
  .nth(2)
  .screenshot({ path: `${out}/9-rate-limited.png` });
await page.screenshot({ path: `${out}/10-page.png`, fullPage: true });

await browser.close();
await server.close();
await mock.close();
await loader.close();
console.log(`screenshots in ${out}/`);
