/**
 * A model on this computer when things go wrong (issue 32), in real Chromium through the real SDK
 * against the local Ollama mock (tests/mock-local/): what small models get wrong, held up in the
 * page; a reply Ollama ends part-way; a server that does not answer; servers found at their usual
 * addresses; and a server whose model names carry markup, shown as text.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLocal, type LocalStep, type MockLocal } from '../mock-local/server.ts';
import { ask, shownItems } from './agent.ts';
import { useBrowser } from './browser.ts';
import { inertProblems } from './injection-helpers.ts';
import { connectLocal, useLocalSampleApp } from './local-model-helpers.ts';
import { openWithSample } from './sessions-helpers.ts';

const browser = useBrowser();
/**
 * The sample in a new session: one page for the tests that type a server's address (run back
 * to back, the two that do not open it took 0.9 and 0.7 s on it, 5.0 and 4.5 s on a page each).
 * The one that finds a server at its usual address opens its own: the panel looks there once a
 * page, and takes what it finds only while no address is set.
 */
const withSample = useLocalSampleApp(browser);
let ollama: MockLocal;

beforeAll(async () => {
  ollama = await startMockLocal({ kind: 'ollama', numCtx: 32_768 });
});
afterAll(async () => {
  await ollama?.close();
});
beforeEach(() => {
  ollama.reset();
  ollama.setNumCtx(32_768);
});

const SQL = {
  query: "SELECT count(*) AS days FROM data WHERE weather = 'sun'",
  description: 'Sunny days',
};
const answer = (text: string): LocalStep => ({
  reply: {
    tools: [
      { name: 'output_text', input: { text } },
      { name: 'finalize', input: { session_title: null } },
    ],
  },
});
const messages = () =>
  ollama.requests().filter((r) => r.method === 'POST' && r.path === '/v1/messages');
const lastResults = () =>
  JSON.stringify(
    (messages().at(-1)!.body as { messages: Array<{ content: unknown }> }).messages.at(-1),
  );

async function openPanel(page: Page): Promise<void> {
  await page.click('[data-testid="settings-open"]');
  await page.check('[data-testid="provider-local"]');
}

async function chooseOllama(): Promise<Page> {
  const { page } = await withSample();
  await openPanel(page);
  // Connecting sets the window back to the server's, whatever an earlier test saved.
  await connectLocal(page, ollama.url);
  await page.waitForSelector('[data-testid="model"] option', { state: 'attached' });
  await page.fill('[data-testid="context-window"]', '32768');
  await page.click('[data-testid="save-settings"]');
  return page;
}

const lastItem = async (page: Page) => (await shownItems(page)).at(-1)!;

describe('a small model held up in the page', () => {
  it('runs a call written as text, reads a spec sent as text, answers an unknown tool, and says what it stopped', async () => {
    const page = await chooseOllama();
    const sun = { ...SQL };
    ollama.script([
      {
        reply: {
          text: `<tool_call>\n{"name": "sql_query", "arguments": ${JSON.stringify(sun)}}\n</tool_call>`,
        },
      },
      {
        reply: {
          tools: [
            {
              name: 'create_plot',
              input: {
                title: 'Sunny days',
                query_id: 'Q1',
                vega_lite_spec: JSON.stringify({
                  mark: 'bar',
                  encoding: { y: { field: 'days', type: 'quantitative' } },
                }),
              },
            },
          ],
        },
      },
      { reply: { tools: [{ name: 'run_sql', input: SQL }] } },
      answer('Counted [Q1].'),
    ]);
    expect(await ask(page, 'How many sunny days?')).toBe('done');
    const items = await shownItems(page);
    expect(items.filter((i) => i.type === 'query_result')).toHaveLength(1);
    await page.waitForSelector('[data-testid="plot"][data-rendered="true"] svg');
    expect(items.at(-1)!.text).toContain('Counted');
    const sent = messages();
    expect(JSON.stringify(sent[1]!.body)).toContain('You wrote this call as text');
    expect(JSON.stringify(sent[2]!.body)).toContain('Sift read your input as meant');
    expect(JSON.stringify(sent[3]!.body)).toContain('There is no tool \\"run_sql\\"');

    // The same failing call three times: told to the model once, then to the person.
    const bad: LocalStep = {
      reply: {
        tools: [{ name: 'sql_query', input: { query: 'SELECT nope FROM data', description: 'x' } }],
      },
    };
    ollama.script([bad, bad, bad]);
    expect(await ask(page, 'Try the column nope')).toBe('error');
    expect(lastResults()).toContain('same sql_query call again');
    expect((await lastItem(page)).text).toContain('same failing sql_query call three times');

    // An empty reply twice.
    ollama.script([{ reply: {} }, { reply: {} }]);
    expect(await ask(page, 'Anything?')).toBe('error');
    expect((await lastItem(page)).text).toContain('empty reply twice');

    // Ollama ends a reply part-way without a word: said, and what arrived is kept.
    ollama.script([
      {
        truncated: {
          reply: { text: 'Sunny days are the most common kind of day' },
          afterEvents: 4,
        },
        chunkDelayMs: 20,
      },
    ]);
    expect(await ask(page, 'Which is most common?')).toBe('error');
    expect((await lastItem(page)).text).toContain('stopped its reply part-way');

    // After all that, the next question gets the right answer (its query is Q5: the three
    // failed ones took Q2–Q4).
    const days = await page.evaluate(() =>
      fetch('./data/weather.csv')
        .then((r) => r.text())
        .then((t) => t.split('\n').filter((l) => l.trim().endsWith(',sun')).length),
    );
    ollama.script([
      { reply: { tools: [{ name: 'sql_query', input: SQL }] } },
      answer(`${days} sunny days [Q5].`),
    ]);
    expect(await ask(page, 'Sunny days, once more?')).toBe('done');
    expect((await lastItem(page)).text).toContain(`${days} sunny days`);
    expect(await page.locator('[data-testid="figure"][data-state="mismatch"]').count()).toBe(0);
  });
});

describe('finding a server', () => {
  it('says plainly what to do when nothing answers at an address', async () => {
    const { page } = await withSample();
    await openPanel(page);
    await connectLocal(page, 'http://127.0.0.1:9');
    const problem = await page.textContent('[data-testid="local-problem"]');
    expect(problem).toContain('No model server answered at 127.0.0.1:9');
    expect(problem).toContain(`OLLAMA_ORIGINS=${new URL(page.url()).origin}`);
    expect(problem).toContain('local network');
  });

  it('finds Ollama at its usual address and takes its first model that calls tools', async () => {
    const usual = await startMockLocal({
      kind: 'ollama',
      port: 11434,
      models: [
        { name: 'gemma:2b', contextLength: 8192, capabilities: ['completion'] },
        { name: 'llama3.1:8b', contextLength: 131072, capabilities: ['completion', 'tools'] },
      ],
    });
    try {
      const { page } = await openWithSample(browser());
      await openPanel(page);
      await page.waitForSelector('[data-testid="local-server"]');
      expect(await page.textContent('.servers')).toContain('Ollama at localhost:11434');
      expect(await page.inputValue('[data-testid="local-url"]')).toBe('http://localhost:11434');
      expect(await page.inputValue('[data-testid="model"]')).toBe('llama3.1:8b');
      expect(await page.textContent('[data-testid="settings-data-leaves"]')).toContain(
        'Nothing leaves this computer',
      );
    } finally {
      await usual.close();
    }
  });

  it('shows model names that carry markup as text', async () => {
    const name = '<img src=x onerror="window.__pwned=1">';
    ollama.setModels([
      {
        name,
        contextLength: 32768,
        capabilities: ['completion', 'tools'],
        parameterSize: '<b>8B</b>',
      },
    ]);
    const { page } = await withSample();
    await openPanel(page);
    await connectLocal(page, ollama.url);
    await page.waitForSelector('[data-testid="model"] option', { state: 'attached' });
    expect(await page.textContent('[data-testid="model"] option')).toContain(name);
    expect(
      await page.locator('[data-testid="settings"] img, [data-testid="settings"] b').count(),
    ).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await inertProblems(page, 'x')).toEqual([]);
  });
});
