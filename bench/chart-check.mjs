#!/usr/bin/env node
/**
 * What the chart check costs: for a few charts of the kinds Claude draws of the sample, the image
 * the page sends Claude with the create_plot result, measured from the request itself. Run as part
 * of `npm run bench`, or alone after `vite build`:
 *
 *   node bench/chart-check.mjs
 *
 * The built app runs in Chromium with Claude played by the tests' mock Messages API; the charts are
 * drawn once with the check on and once with it off, and the requests that carry the results are
 * compared. Image tokens follow Anthropic's vision guide (width × height / 750); text tokens are
 * characters / 3.5 as elsewhere in this file. The section "Chart check" of BENCHMARKS.md is
 * replaced between its markers; raw numbers go to bench/out/chart-check.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createServer, preview } from 'vite';
import { launchChromium } from '../scripts/chromium.mjs';
import { writeSection } from './lib/report-section.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));

const CHARTS = [
  {
    name: 'Bar: rain by month',
    sql: "SELECT strftime(date, '%m') AS month, round(sum(precipitation)) AS mm FROM data GROUP BY 1 ORDER BY 1",
    spec: {
      mark: 'bar',
      encoding: {
        x: { field: 'month', type: 'ordinal' },
        y: { field: 'mm', type: 'quantitative' },
      },
    },
  },
  {
    name: 'Line: monthly mean maximum, two cities',
    sql: "SELECT location, strftime(date, '%Y-%m') AS month, round(avg(temp_max), 1) AS t FROM data GROUP BY ALL ORDER BY 1, 2 LIMIT 100",
    spec: {
      mark: 'line',
      encoding: {
        x: { field: 'month', type: 'temporal' },
        y: { field: 't', type: 'quantitative' },
        color: { field: 'location', type: 'nominal' },
      },
    },
  },
  {
    name: 'Stacked bar: weather kinds by city',
    sql: 'SELECT location, weather, count(*) AS days FROM data GROUP BY ALL ORDER BY ALL',
    spec: {
      mark: 'bar',
      encoding: {
        x: { field: 'location', type: 'nominal' },
        y: { field: 'days', type: 'quantitative' },
        color: { field: 'weather', type: 'nominal' },
      },
    },
  },
];

const loader = await createServer({ server: { middlewareMode: true }, logLevel: 'warn' });
const { startMockAnthropic } = await loader.ssrLoadModule('/tests/mock-anthropic/server.ts');
const mock = await startMockAnthropic();
process.env.SIFT_CONNECT_SRC = mock.url;
const server = await preview({ preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();
const started = performance.now();

/** One question that draws every chart, each from its own query; the requests it sent. */
async function drawAll(check) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.waitForSelector('.engine[data-state="ready"]');
  await page.click('[data-testid="sample-button"]');
  await page.waitForSelector('[data-testid="profile-table"]');
  await page.click('[data-testid="settings-open"]');
  await page.fill('[data-testid="api-key"]', 'sk-ant-api03-bench');
  await page.fill('[data-testid="base-url"]', mock.url);
  if (!check) await page.uncheck('[data-testid="settings-chart-check"]');
  await page.click('[data-testid="save-settings"]');
  mock.reset();
  mock.script([
    ...CHARTS.flatMap((c, i) => [
      {
        reply: {
          tools: [{ name: 'sql_query', input: { query: c.sql, description: c.name } }],
        },
      },
      {
        reply: {
          tools: [
            {
              name: 'create_plot',
              input: { title: c.name, query_id: `Q${i + 1}`, vega_lite_spec: c.spec },
            },
          ],
        },
      },
    ]),
    { reply: { tools: [{ name: 'finalize', input: { session_title: null } }] } },
  ]);
  await page.fill('[data-testid="chat-input"]', 'Draw the charts');
  await page.click('[data-testid="send"]');
  await page.waitForSelector(
    '[data-testid="turn-state"][data-turns="1"]:not([data-state="running"])',
    { timeout: 120_000 },
  );
  const requests = mock.requests().filter((r) => r.path === '/v1/messages');
  await page.close();
  // The request after each create_plot carries its result: requests 3, 5, 7 (1-based).
  return CHARTS.map((_, i) => {
    const last = requests[2 * i + 2].body.messages.at(-1);
    return last.content.find((b) => b.type === 'tool_result');
  });
}

function pngSize(base64) {
  const bytes = Buffer.from(base64, 'base64');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes: bytes.length };
}

const withCheck = await drawAll(true);
const without = await drawAll(false);
await browser.close();
await server.close();
await mock.close();
await loader.close();

const textOf = (result) =>
  typeof result.content === 'string'
    ? result.content
    : result.content
        .filter((b) => b.type === 'text')
        .map((b) => b.text)
        .join('\n');
const rows = CHARTS.map((c, i) => {
  const image = withCheck[i].content.find?.((b) => b.type === 'image');
  if (!image) throw new Error(`No image was sent for "${c.name}".`);
  const { width, height, bytes } = pngSize(image.source.data);
  const imageTokens = Math.ceil((width * height) / 750);
  const extraText = textOf(withCheck[i]).length - textOf(without[i]).length;
  return {
    name: c.name,
    width,
    height,
    pngBytes: bytes,
    base64Chars: image.source.data.length,
    imageTokens,
    extraTextChars: extraText,
    extraTokens: imageTokens + Math.ceil(extraText / 3.5),
  };
});

const int = (n) => Math.round(n).toLocaleString('en-US');
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const section = [
  '## Chart check',
  '',
  "Generated by `node bench/chart-check.mjs` (part of `npm run bench`). Raw numbers: bench/out/chart-check.json. The built app in Chromium, Claude played by the tests' mock Messages API: one question draws three charts of the sample, each from its own query, once with the chart check on and once with it off. The image is read from the request that carries the create_plot result; image tokens follow Anthropic's vision guide (width × height / 750), the added instruction text is characters / 3.5.",
  '',
  '| | |',
  '|---|---|',
  '| Command | `node bench/chart-check.mjs` |',
  `| Date | ${new Date().toISOString()} |`,
  `| CPU | ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown'} |`,
  `| Whole run | ${((performance.now() - started) / 1000).toFixed(1)} s |`,
  '',
  '| Chart | PNG | Bytes | Est. image tokens | Added text | Est. tokens added |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.width} × ${r.height} | ${int(r.pngBytes)} | ${int(r.imageTokens)} | ${int(r.extraTextChars)} chars | ${int(r.extraTokens)} |`,
  ),
  '',
  `Each chart Claude looks at adds about ${int(mean(rows.map((r) => r.extraTokens)))} input tokens to the next request, once: the image is replaced by a one-line note in the history after Claude has answered it, so later requests do not carry it. A fix (create_plot with \`replaces\`) is not looked at again, so a chart costs at most one image. The setting _Let Claude look at each chart it draws_ turns it off.`,
].join('\n');

mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}chart-check.json`, JSON.stringify(rows, null, 2));
writeSection(`${ROOT}BENCHMARKS.md`, 'chart-check-bench', section);
console.log(section);
