// Screenshots of the session screens (list, reload mid-turn, second tab, import refused), with
// Claude played by the tests' mock Messages API:
//   npm run build && node scripts/screenshots-sessions.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { createServer, preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const loader = await createServer({ server: { middlewareMode: true }, logLevel: 'warn' });
const { startMockAnthropic } = await loader.ssrLoadModule('/tests/mock-anthropic/server.ts');
const { weatherAnalysis } = await loader.ssrLoadModule('/tests/fixtures/weather-script.ts');
const mock = await startMockAnthropic();
process.env.SIFT_CONNECT_SRC = mock.url;
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const ready = async (p) => {
  await p.waitForSelector('.engine[data-state="ready"]');
  await p.waitForSelector('main[data-sessions-started="true"]');
};
const turnEnded = (p, n) =>
  p.waitForSelector(`[data-testid="turn-state"][data-turns="${n}"]:not([data-state="running"])`);
const configure = async (p) => {
  if (!(await p.isVisible('[data-testid="api-key"]')))
    await p.click('[data-testid="settings-open"]');
  // The mock stands for an Anthropic-compatible endpoint, as a gateway would (issue 32).
  await p.check('[data-testid="provider-gateway"]');
  await p.fill('[data-testid="api-key"]', 'sk-ant-api03-screenshot');
  await p.fill('[data-testid="base-url"]', mock.url);
  await p.click('[data-testid="save-settings"]');
};

await page.goto(url);
await ready(page);
await page.click('[data-testid="sample-button"]');
await page.waitForSelector('[data-testid="profile-table"][data-complete]');
await configure(page);
mock.script(weatherAnalysis());
await page.click('[data-testid="analyze"]');
await turnEnded(page, 1);
await page.waitForSelector('[data-testid="session-item"][data-title^="Seattle"]');
await page.screenshot({ path: `${out}/11-session-list.png` });

// A second session, then a reload in the middle of a streaming answer.
await page.click('[data-testid="new-session"]');
await page.waitForSelector('.welcome');
await page.screenshot({ path: `${out}/12-new-session.png` });
await page.setInputFiles('input[data-testid="file-input"]', {
  name: 'rain by month.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('month,rain_mm\n1,466.2\n2,422.0\n3,606.2\n4,375.4\n5,207.5\n6,132.9\n'),
});
await page.waitForSelector('[data-testid="profile-table"][data-complete]');
const long = Array.from({ length: 30 }, (_, i) => `Point ${i + 1}: the rain eases off in spring.`);
mock.script([
  {
    reply: {
      reasoning: 'Look at the months first.',
      tools: [
        {
          name: 'sql_query',
          input: {
            query: 'SELECT * FROM data ORDER BY rain_mm DESC',
            description: 'Wettest months',
          },
        },
      ],
    },
  },
  {
    reply: { tools: [{ name: 'output_text', input: { text: long.join(' ') } }] },
    chunkDelayMs: 120,
  },
]);
await page.fill('[data-testid="chat-input"]', 'When does the rain ease off?');
await page.click('[data-testid="send"]');
await page.waitForFunction(
  () => (document.querySelector('[data-draft="true"]')?.textContent?.length ?? 0) > 120,
);
await page.reload();
await ready(page);
await turnEnded(page, 1);
await page.locator('.analysis').screenshot({ path: `${out}/13-interrupted.png` });

// The same session in a second tab follows the first.
const second = await context.newPage();
await second.goto(page.url());
await ready(second);
await second.waitForSelector('[data-testid="follower-banner"]');
await second.locator('.analysis').screenshot({ path: `${out}/14-second-tab.png` });
await second.close();

// Rename, delete confirmation and a refused import.
const item = page.locator('[data-testid="session-item"]').nth(1);
await item.locator('[data-testid="session-rename"]').click();
await page.fill('[data-testid="session-title-input"]', 'Weather, first look');
await page.locator('.sessions').screenshot({ path: `${out}/15-rename.png` });
await page.keyboard.press('Enter');
await page
  .locator('[data-testid="session-item"]')
  .nth(0)
  .locator('[data-testid="session-delete"]')
  .click();
await page.setInputFiles('input[data-testid="import-session"]', {
  name: 'notes.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('a,b\n1,2\n'),
});
await page.waitForSelector('[data-testid="session-notice"]');
await page.locator('.sessions').screenshot({ path: `${out}/16-delete-and-import.png` });

await browser.close();
await server.close();
await mock.close();
await loader.close();
console.log(`screenshots in ${out}/`);
