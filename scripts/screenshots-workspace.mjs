// The workspace at the three sizes issue 17 names (1280×800, 1920×1080 and a 390 px phone), in
// the light and the dark theme, with Claude played by the tests' mock Messages API:
//   npm run build && node scripts/screenshots-workspace.mjs [outDir]
// Each combination is a fresh browser profile: the empty page, the sample with its profile, a
// finished analysis with a chart, and the settings. README shows a few of them (docs/screenshots/).
import { mkdirSync } from 'node:fs';
import { createServer, preview } from 'vite';
import { launchChromium } from './chromium.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
// The mock is TypeScript; Vite's SSR loader runs it without a build step.
const loader = await createServer({ server: { middlewareMode: true }, logLevel: 'warn' });
const { startMockAnthropic } = await loader.ssrLoadModule('/tests/mock-anthropic/server.ts');
const { weatherQuestion } = await loader.ssrLoadModule('/tests/fixtures/weather-script.ts');
const mock = await startMockAnthropic();
process.env.SIFT_CONNECT_SRC = mock.url;
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();

const SIZES = [
  ['1280', { width: 1280, height: 800 }],
  ['1920', { width: 1920, height: 1080 }],
  ['390', { width: 390, height: 844 }],
];
try {
  for (const [size, viewport] of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme, serviceWorkers: 'block' });
      const page = await context.newPage();
      const shot = (name) => page.screenshot({ path: `${out}/${name}-${size}-${colorScheme}.png` });
      await page.goto(url);
      await page.waitForSelector('.engine[data-state="ready"]');
      await shot('1-empty');
      await page.click('[data-testid="sample-button"]');
      await page.waitForSelector('[data-testid="profile-table"][data-complete]');
      await shot('2-profile');
      if (!(await page.isVisible('[data-testid="api-key"]')))
        await page.click('[data-testid="settings-open"]');
      await page.check('[data-testid="provider-gateway"]');
      await page.fill('[data-testid="api-key"]', 'sk-ant-api03-screenshot');
      await page.fill('[data-testid="base-url"]', mock.url);
      await shot('3-settings');
      // Saving closes the settings.
      await page.click('[data-testid="save-settings"]');
      mock.script(weatherQuestion());
      await page.fill('[data-testid="chat-input"]', 'Which month is wettest in Seattle?');
      await page.click('[data-testid="send"]');
      await page.waitForSelector('[data-testid="turn-state"]:not([data-state="running"])');
      await page.waitForSelector('[data-testid="plot"][data-rendered] svg');
      await shot('4-analysis');
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
  await mock.close();
  await loader.close();
}
