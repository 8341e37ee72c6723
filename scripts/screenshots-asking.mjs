// Screenshots of an analyst that asks and looks: the question card while the turn waits, once
// answered, left unanswered by a reload, and the chart-check setting; Claude played by the
// tests' mock Messages API:
//   npm run build && node scripts/screenshots-asking.mjs [outDir]
// Each screen at 1280×800 and at a phone's 390 px.
import { mkdirSync } from 'node:fs';
import { openConfigured, startMockApp } from './mock-app.mjs';

const out = process.argv[2] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const app = await startMockApp();
const { mock } = app;

const asking = {
  reply: {
    text: 'The data has a daily maximum and a daily minimum.',
    tools: [
      {
        name: 'ask_user',
        input: {
          question: 'Which temperature do you mean: the daily maximum or the daily minimum?',
          options: ['Daily maximum', 'Daily minimum', 'Both'],
        },
      },
    ],
  },
};
const answering = [
  {
    reply: {
      tools: [
        {
          name: 'sql_query',
          input: {
            query:
              'SELECT location, round(avg(temp_max), 1) AS mean_max FROM data GROUP BY location ORDER BY location',
            description: 'Mean daily maximum by city',
          },
        },
      ],
    },
  },
  {
    reply: {
      tools: [
        {
          name: 'output_text',
          input: {
            text: 'The mean daily maximum is **17.0 °C** in New York and **16.4 °C** in Seattle [Q1].',
          },
        },
        { name: 'finalize', input: { session_title: null } },
      ],
    },
  },
];

for (const [tag, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
]) {
  const page = await openConfigured(app, { width, height });
  mock.reset();
  mock.script([asking, ...answering]);
  await page.fill('[data-testid="chat-input"]', 'How warm does it get?');
  await page.click('[data-testid="send"]');
  await page.waitForSelector('[data-testid="ask-card"][data-waiting="true"]');
  await page.locator('.turn').first().scrollIntoViewIfNeeded();
  await page
    .locator('.turn')
    .first()
    .screenshot({ path: `${out}/a1-ask-waiting-${tag}.png` });
  await page.locator('[data-testid="ask-option"]', { hasText: 'Daily maximum' }).click();
  await page.waitForSelector(
    '[data-testid="turn-state"][data-turns="1"]:not([data-state="running"])',
  );
  await page
    .locator('.turn')
    .first()
    .screenshot({ path: `${out}/a2-ask-answered-${tag}.png` });

  // Asked again, then the page reloads before the answer.
  mock.script([asking]);
  await page.fill('[data-testid="chat-input"]', 'And the coldest days?');
  await page.click('[data-testid="send"]');
  await page.waitForSelector('[data-testid="ask-card"][data-waiting="true"]');
  await page.waitForTimeout(600);
  await page.reload();
  await page.waitForSelector('[data-testid="ask-card"][data-answered="false"]');
  await page.locator('.turn').nth(1).scrollIntoViewIfNeeded();
  await page
    .locator('.turn')
    .nth(1)
    .screenshot({ path: `${out}/a3-ask-after-reload-${tag}.png` });

  if (!(await page.isVisible('[data-testid="settings-chart-check"]')))
    await page.click('[data-testid="settings-open"]');
  await page
    .locator('.settings')
    .first()
    .screenshot({ path: `${out}/a4-settings-${tag}.png` });
  // Two findings checked against the data: one holds, one is weak.
  mock.script([
    {
      reply: {
        tools: [
          {
            name: 'validate_finding',
            input: {
              finding: 'It rains on more days in Seattle than in New York',
              query: 'SELECT (precipitation > 0)::INT AS value, location AS grp, weather FROM data',
            },
          },
          {
            name: 'validate_finding',
            input: {
              finding: 'Seattle gets more rain per day than New York',
              query: 'SELECT precipitation AS value, location AS grp FROM data',
            },
          },
        ],
      },
    },
    {
      reply: {
        tools: [
          {
            name: 'output_text',
            input: {
              text: 'Seattle has rain on **more days** (42.6% against 32.2%), but per day the two cities get about the same rain: that difference is within the noise.',
            },
          },
          { name: 'finalize', input: { session_title: null } },
        ],
      },
    },
  ]);
  await page.locator('[data-testid="settings"] button', { hasText: 'Close' }).click();
  await page.fill('[data-testid="api-key"]', 'sk-ant-api03-screenshot').catch(() => undefined);
  await page.fill('[data-testid="chat-input"]', 'Is Seattle wetter?');
  await page.click('[data-testid="send"]');
  await page
    .waitForSelector('[data-testid="settings"]', { timeout: 3_000 })
    .then(async () => {
      await page.fill('[data-testid="api-key"]', 'sk-ant-api03-screenshot');
      await page.click('[data-testid="save-settings"]');
    })
    .catch(() => undefined);
  await page.waitForSelector(
    '[data-testid="turn-state"][data-turns="3"]:not([data-state="running"])',
  );
  await page.locator('.turn').nth(2).scrollIntoViewIfNeeded();
  await page
    .locator('.turn')
    .nth(2)
    .screenshot({ path: `${out}/a5-validation-${tag}.png` });
  await page.close();
}

await app.close();
console.log(`Screenshots in ${out}/`);
