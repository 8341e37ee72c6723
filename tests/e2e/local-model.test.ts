/**
 * A model on the person's own computer (issue 32), through the real SDK in real Chromium against
 * local servers that send what Ollama and llama.cpp's llama-server send (tests/mock-local/, from
 * their sources; docs/local-model-servers.md): chosen in the model panel with no key, the page
 * saying nothing leaves the computer, a whole analysis with a validation and a report, a chart
 * without vision, a small context window, and what small models get wrong.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLocal, type LocalStep, type MockLocal } from '../mock-local/server.ts';
import { analyze, ask, shownItems } from './agent.ts';
import { useBrowser } from './browser.ts';
import { serious } from './axe.ts';
import { connectLocal, useLocalSampleApp } from './local-model-helpers.ts';

const browser = useBrowser();
/**
 * The sample in a new session: one page for all six tests, which each choose their server and
 * window (connectLocal). A page each, the file took 20.9 s; one, 14.6 s (vitest, one file on 2
 * busy cores; run back to back later, 27.5 s against 12.0 s).
 */
const withSample = useLocalSampleApp(browser);
let ollama: MockLocal;
let llama: MockLocal;

beforeAll(async () => {
  ollama = await startMockLocal({ kind: 'ollama' });
  llama = await startMockLocal({ kind: 'llamacpp', numCtx: 32_768 });
});
afterAll(async () => {
  await ollama?.close();
  await llama?.close();
});
beforeEach(() => {
  ollama.reset();
  llama.reset();
});

const query = (sql: string, description: string, id?: string): LocalStep => ({
  reply: {
    tools: [{ name: 'sql_query', input: { query: sql, description }, ...(id ? { id } : {}) }],
  },
});
const say = (text: string): LocalStep => ({
  reply: {
    tools: [
      { name: 'output_text', input: { text } },
      { name: 'finalize', input: { session_title: null } },
    ],
  },
});
const RAINY = "SELECT count(*) AS rainy_days FROM data WHERE weather = 'rain'";

/** The sample loaded, the panel set to the server at `url`, its model chosen, and saved. */
async function chooseLocal(
  server: MockLocal,
  { window, model }: { window?: number; model?: string } = {},
): Promise<Page> {
  const { page } = await withSample();
  await page.click('[data-testid="settings-open"]');
  await page.check('[data-testid="provider-local"]');
  // Connecting sets the window back to the server's, whatever an earlier test saved.
  await connectLocal(page, server.url);
  await page.waitForSelector('[data-testid="model"] option', { state: 'attached' });
  if (model) await page.selectOption('[data-testid="model"]', model);
  if (window) await page.fill('[data-testid="context-window"]', String(window));
  await page.click('[data-testid="save-settings"]');
  await page.waitForSelector('[data-testid="settings"]', { state: 'detached' });
  return page;
}

const messages = (server: MockLocal) =>
  server.requests().filter((r) => r.method === 'POST' && r.path === '/v1/messages');

const rainyDays = async (page: Page) =>
  (await page.evaluate(() => fetch('/data/weather.csv').then((r) => r.text())))
    .split('\n')
    .filter((line) => line.split(',').at(-1)?.trim() === 'rain').length;

describe('a model on this computer', () => {
  it('Ollama: no key, nothing leaves, the initial analysis with a validation, then a report, no charge', async () => {
    ollama.setNumCtx(32_768);
    const page = await chooseLocal(ollama, { window: 32_768 });
    expect(await page.textContent('[data-testid="data-leaves"]')).toBe(
      'Nothing leaves this computer',
    );
    const rain = await rainyDays(page);
    ollama.script([
      query(RAINY, 'Rainy days'),
      {
        reply: {
          tools: [
            {
              name: 'validate_finding',
              input: {
                finding: 'Rainy days are wetter than sunny ones',
                query:
                  "SELECT precipitation AS value, weather AS grp FROM data WHERE weather IN ('rain', 'sun')",
                higher: 'rain',
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
                text: `There were ${rain} rainy days [Q1], and they are wetter than sunny ones.`,
              },
            },
            { name: 'finalize', input: { session_title: 'Rain in two cities' } },
          ],
        },
      },
    ]);
    // The initial analysis, as a person starts it.
    expect(await analyze(page)).toBe('done');
    expect(await page.textContent('.analysis h2')).toBe('Rain in two cities');
    const items = await shownItems(page);
    // Shown grouped, as people read it (issue 33).
    expect(items.find((i) => i.type === 'query_result')?.text).toContain(
      rain.toLocaleString('en-US'),
    );
    expect(items.find((i) => i.type === 'validation')?.text).toContain('Holds');
    const answer = items.filter((i) => i.type === 'text').at(-1)!;
    expect(answer.text).toContain(`${rain} rainy days`);
    // The figure matches the query it cites: no mismatch marked.
    expect(await page.locator('[data-testid="figure"][data-state="mismatch"]').count()).toBe(0);

    const sent = messages(ollama);
    expect(sent).toHaveLength(3);
    for (const r of sent) {
      // Keyless: the preflight passed Ollama's fixed allow-list, so none of these were sent.
      for (const header of ['x-api-key', 'authorization', 'anthropic-version'])
        expect(r.headers[header]).toBeUndefined();
      // No prompt caching asked of a server that does none.
      expect(JSON.stringify(r.body)).not.toContain('cache_control');
      expect(r.truncated).toBeFalsy();
    }
    expect(await page.textContent('[data-testid="usage"]')).toContain('no charge');
    expect(await page.textContent('[data-testid="usage"]')).not.toContain('$');

    ollama.script([{ reply: { text: `# Rain\n\n${rain} rainy days [Q1].` } }]);
    await page.click('[data-testid="generate-report"]');
    await page.waitForSelector('[data-testid="report"][data-state="done"]', { timeout: 60_000 });
    expect(await page.textContent('[data-testid="report"]')).toContain(`${rain} rainy days`);
    expect(await page.textContent('[data-testid="report-usage"]')).toContain('no charge');
  });

  it('llama.cpp: its window from /props, tool input in pieces, ids without a prefix', async () => {
    const page = await chooseLocal(llama);
    await page.click('[data-testid="settings-open"]');
    expect(await page.textContent('[data-testid="model-traits"]')).toContain('32,768-token window');
    await page.click('[data-testid="settings-open"]');
    const rain = await rainyDays(page);
    llama.script([query(RAINY, 'Rainy days'), say(`${rain} rainy days [Q1].`)]);
    expect(await ask(page, 'Rainy days?')).toBe('done');
    expect((await shownItems(page)).filter((i) => i.type === 'text').at(-1)!.text).toContain(
      `${rain} rainy days`,
    );
    expect(messages(llama)).toHaveLength(2);
  });

  it('a model without tools is refused with the reason; one without vision skips the chart check', async () => {
    ollama.setModels([
      { name: 'gemma:2b', contextLength: 8192, capabilities: ['completion'] },
      { name: 'qwen3:8b', contextLength: 40960, capabilities: ['completion', 'tools'] },
    ]);
    const { page } = await withSample();
    await page.click('[data-testid="settings-open"]');
    await page.check('[data-testid="provider-local"]');
    await connectLocal(page, ollama.url);
    await page.waitForSelector('[data-testid="model"] option', { state: 'attached' });
    await page.selectOption('[data-testid="model"]', 'gemma:2b');
    expect(await page.textContent('[data-testid="model-unusable"]')).toContain('cannot call tools');
    await page.click('[data-testid="save-settings"]');
    expect(await page.textContent('[data-testid="settings-error"]')).toContain('gemma:2b');

    await page.selectOption('[data-testid="model"]', 'qwen3:8b');
    expect(await page.textContent('[data-testid="chart-check-note"]')).toContain(
      'cannot see images',
    );
    await page.fill('[data-testid="context-window"]', '32768');
    await page.click('[data-testid="save-settings"]');
    ollama.script([
      query('SELECT weather, count(*) AS days FROM data GROUP BY weather', 'Days by weather'),
      {
        reply: {
          tools: [
            {
              name: 'create_plot',
              input: {
                title: 'Days by weather',
                query_id: 'Q1',
                vega_lite_spec: {
                  mark: 'bar',
                  encoding: { x: { field: 'weather' }, y: { field: 'days', type: 'quantitative' } },
                },
              },
            },
          ],
        },
      },
      say('Sun is most common [Q1].'),
    ]);
    expect(await ask(page, 'Chart the weather')).toBe('done');
    await page.waitForSelector('[data-testid="plot"][data-rendered="true"] svg');
    // No image was sent back to a model that cannot see one.
    const [, , third] = messages(ollama);
    expect(JSON.stringify(third!.body)).not.toContain('"type":"image"');
  });

  it('a small window: a compact prompt and tool set, nothing cut by the server, and a window too small is refused', async () => {
    // Ollama's own default, 4,096 tokens, which it enforces by dropping the oldest messages.
    const page = await chooseLocal(ollama);
    await page.click('[data-testid="settings-open"]');
    expect(await page.inputValue('[data-testid="context-window"]')).toBe('4096');
    await page.waitForSelector('[data-testid="window-compact"]');
    await page.click('[data-testid="settings-open"]');
    const steps: LocalStep[] = [];
    for (const [i, w] of ['rain', 'sun', 'fog', 'drizzle', 'snow'].entries())
      steps.push(
        query(
          `SELECT date, precipitation, temp_max, temp_min, wind FROM data WHERE weather = '${w}' ORDER BY date LIMIT 40`,
          `Days of ${w} (${i + 1})`,
        ),
      );
    ollama.script([...steps, say('Done looking [Q5].')]);
    expect(await ask(page, 'Look at each kind of weather')).toBe('done');
    const sent = messages(ollama);
    expect(sent).toHaveLength(6);
    const body = sent[0]!.body as {
      system: Array<{ text: string }>;
      tools: unknown[];
      max_tokens: number;
    };
    expect(body.system[0]!.text).toContain('Work step by step');
    expect(body.tools).toHaveLength(5);
    expect(body.max_tokens).toBeLessThan(1_000);
    // Everything Sift sent fit: the server never dropped a message.
    for (const r of sent) {
      expect(r.truncated, `request ${sent.indexOf(r) + 1}`).toBeFalsy();
      expect(r.promptTokens).toBeLessThanOrEqual(4_096);
    }

    await page.click('[data-testid="settings-open"]');
    await page.fill('[data-testid="context-window"]', '2048');
    await page.waitForSelector('[data-testid="window-too-small"]');
    await page.click('[data-testid="save-settings"]');
    const before = messages(ollama).length;
    expect(await ask(page, 'Anything')).toBe('error');
    const error = (await shownItems(page)).at(-1)!;
    expect(error.text).toContain('context window is 2,048 tokens');
    expect(error.text).toContain('OLLAMA_CONTEXT_LENGTH');
    expect(messages(ollama)).toHaveLength(before);
  });
});

describe.each(['light', 'dark'] as const)('the local model settings, %s theme', (colorScheme) => {
  it('have no serious axe violation: connected, a model chosen, an unusable one named', async () => {
    ollama.setModels([
      { name: 'gemma:2b', contextLength: 8192, capabilities: ['completion'] },
      { name: 'qwen3:8b', contextLength: 40960, capabilities: ['completion', 'tools'] },
    ]);
    const { page } = await withSample();
    await page.emulateMedia({ colorScheme });
    await page.click('[data-testid="settings-open"]');
    await page.check('[data-testid="provider-local"]');
    await connectLocal(page, ollama.url);
    await page.waitForSelector('[data-testid="model"] option', { state: 'attached' });
    await page.selectOption('[data-testid="model"]', 'qwen3:8b');
    await page.waitForSelector('[data-testid="model-traits"]');
    expect(await serious(page)).toEqual([]);
    await page.selectOption('[data-testid="model"]', 'gemma:2b');
    await page.waitForSelector('[data-testid="model-unusable"]');
    expect(await serious(page)).toEqual([]);
  });
});
