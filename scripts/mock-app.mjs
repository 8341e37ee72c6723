// The built app served as `npm start` serves it, with Claude played by the tests' mock Messages
// API (allowed by the page's CSP as a configured gateway would be), for screenshot scripts and
// benchmarks that need a model. Expects dist/ to be built.
import { createServer, preview } from 'vite';
import { launchChromium } from './chromium.mjs';

export async function startMockApp() {
  const loader = await createServer({ server: { middlewareMode: true }, logLevel: 'warn' });
  const { startMockAnthropic } = await loader.ssrLoadModule('/tests/mock-anthropic/server.ts');
  const mock = await startMockAnthropic();
  process.env.SIFT_CONNECT_SRC = mock.url;
  const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
  const browser = await launchChromium();
  return {
    loader,
    mock,
    browser,
    url: server.resolvedUrls.local[0],
    async close() {
      await browser.close();
      await server.close();
      await mock.close();
      await loader.close();
    },
  };
}

/** A page of the app with the sample loaded and the mock set as the model's base URL. */
export async function openConfigured(app, { width, height, chartCheck = true }) {
  const page = await app.browser.newPage({ viewport: { width, height } });
  await page.goto(app.url);
  await page.waitForSelector('.engine[data-state="ready"]');
  await page.click('[data-testid="sample-button"]');
  await page.waitForSelector('[data-testid="profile-table"][data-complete]');
  await page.click('[data-testid="settings-open"]');
  await page.check('[data-testid="provider-gateway"]');
  await page.fill('[data-testid="api-key"]', 'sk-ant-api03-screenshot');
  await page.fill('[data-testid="base-url"]', app.mock.url);
  if (!chartCheck) await page.uncheck('[data-testid="settings-chart-check"]');
  await page.click('[data-testid="save-settings"]');
  return page;
}
