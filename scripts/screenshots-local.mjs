// Screenshots of a model on this computer (issue 32): the model panel with an Ollama found at
// its address and its models, a model that cannot call tools, a window too small, and a
// conversation answered locally with "Nothing leaves this computer" and "no charge". The model
// is played by the tests' local Ollama mock (tests/mock-local/):
//   npm run build && node scripts/screenshots-local.mjs [outDir]
// Each screen at 1280×800 and at a phone's 390 px, light and dark.
import { mkdirSync } from 'node:fs';
import { startMockApp } from './mock-app.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const app = await startMockApp();
const { startMockLocal } = await app.loader.ssrLoadModule('/tests/mock-local/server.ts');
const ollama = await startMockLocal({
  kind: 'ollama',
  numCtx: 32_768,
  models: [
    {
      name: 'qwen3:8b',
      contextLength: 40_960,
      capabilities: ['completion', 'tools', 'thinking'],
      parameterSize: '8.2B',
      quantization: 'Q4_K_M',
    },
    {
      name: 'llama3.1:8b',
      contextLength: 131_072,
      capabilities: ['completion', 'tools'],
      parameterSize: '8.0B',
      quantization: 'Q4_K_M',
    },
    {
      name: 'gemma3:1b',
      contextLength: 32_768,
      capabilities: ['completion'],
      parameterSize: '1.0B',
      quantization: 'Q4_K_M',
    },
  ],
});

const SQL =
  "SELECT location, count(*) FILTER (WHERE weather = 'rain') AS rainy_days FROM data GROUP BY location ORDER BY location";

try {
  for (const [tag, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ]) {
    for (const scheme of ['light', 'dark']) {
      ollama.reset();
      ollama.setNumCtx(32_768);
      const page = await app.browser.newPage({ viewport: { width, height } });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(app.url);
      await page.waitForSelector('.engine[data-state="ready"]');
      await page.click('[data-testid="sample-button"]');
      await page.waitForSelector('[data-testid="profile-table"][data-complete]');
      await page.click('[data-testid="settings-open"]');
      await page.check('[data-testid="provider-local"]');
      await page.fill('[data-testid="local-url"]', ollama.url);
      await page.click('[data-testid="local-connect"]');
      await page.waitForSelector('[data-testid="model-traits"]');
      const panel = page.locator('[data-testid="settings"]');
      await panel.screenshot({ path: `${out}/l1-local-panel-${tag}-${scheme}.png` });
      await page.selectOption('[data-testid="model"]', 'gemma3:1b');
      await panel.screenshot({ path: `${out}/l2-no-tools-${tag}-${scheme}.png` });
      await page.selectOption('[data-testid="model"]', 'qwen3:8b');
      await page.fill('[data-testid="context-window"]', '2048');
      await panel.screenshot({ path: `${out}/l3-window-too-small-${tag}-${scheme}.png` });
      await page.fill('[data-testid="context-window"]', '32768');
      await page.click('[data-testid="save-settings"]');

      ollama.script([
        {
          reply: {
            tools: [
              { name: 'sql_query', input: { query: SQL, description: 'Rainy days by city' } },
            ],
          },
        },
        {
          reply: {
            tools: [
              {
                name: 'output_text',
                input: {
                  text: 'Seattle had more rainy days than New York over the four years [Q1].',
                },
              },
              { name: 'finalize', input: { session_title: null } },
            ],
          },
        },
      ]);
      await page.fill('[data-testid="chat-input"]', 'Which city has more rainy days?');
      await page.click('[data-testid="send"]');
      await page.waitForSelector(
        '[data-testid="turn-state"][data-turns="1"]:not([data-state="running"])',
      );
      await page.screenshot({ path: `${out}/l4-local-answer-${tag}-${scheme}.png` });
      await page.close();
    }
  }
} finally {
  await ollama.close();
  await app.close();
}
console.log(`Screenshots in ${out}/`);
