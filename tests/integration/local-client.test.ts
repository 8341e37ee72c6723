/**
 * Sift's model client against a model server on this computer (issue 32): the real SDK, sent no
 * key and no cache_control, reading each server's stream, its model list and traits, and its
 * failures in words that say what to do. The servers are the local mocks built from Ollama's and
 * llama.cpp's sources (tests/mock-local/).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../src/adapters/anthropic-client.ts';
import { findLocalServers, readLocalServer } from '../../src/adapters/local-models.ts';
import { ModelError, type ModelRequest } from '../../src/core/model/client.ts';
import { startMockLocal, type MockLocal } from '../mock-local/server.ts';

let ollama: MockLocal;
let llama: MockLocal;
beforeAll(async () => {
  ollama = await startMockLocal({ kind: 'ollama' });
  llama = await startMockLocal({ kind: 'llamacpp', numCtx: 8192 });
});
afterAll(async () => {
  await ollama.close();
  await llama.close();
});
beforeEach(() => {
  ollama.reset();
  llama.reset();
});

const local = (server: MockLocal) =>
  createAnthropicClient({ apiKey: '', baseURL: server.url, provider: 'local', maxRetries: 0 });

const request = (model: string): ModelRequest => ({
  model,
  maxTokens: 500,
  system: [{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Count the rows.' }] }],
  tools: [
    {
      name: 'sql_query',
      description: 'Run SQL.',
      input_schema: { type: 'object', properties: { query: { type: 'string' } } },
      cache_control: { type: 'ephemeral' },
    },
  ],
});

const signal = () => new AbortController().signal;

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe('a model server on this computer', () => {
  it('Ollama: a tool call streamed whole, read, with nothing of a key or caching sent', async () => {
    ollama.script([
      {
        reply: { text: 'Counting.', tools: [{ name: 'sql_query', input: { query: 'SELECT 1' } }] },
      },
    ]);
    const reply = await local(ollama).complete(request('qwen3:8b'), { signal: signal() });
    expect(reply.content).toEqual([
      { type: 'text', text: 'Counting.' },
      {
        type: 'tool_use',
        id: expect.stringMatching(/^call_[a-z0-9]{8}$/),
        name: 'sql_query',
        input: { query: 'SELECT 1' },
      },
    ]);
    expect(reply.stopReason).toBe('tool_use');
    expect(reply.usage.cacheReadTokens + reply.usage.cacheWriteTokens).toBe(0);
    const [sent] = ollama.requests().filter((r) => r.path === '/v1/messages');
    for (const header of ['x-api-key', 'authorization', 'anthropic-version'])
      expect(sent!.headers[header]).toBeUndefined();
    expect(JSON.stringify(sent!.body)).not.toContain('cache_control');
  });

  it('a thinking model’s thoughts, unsigned, are not sent back: the next request goes out', async () => {
    ollama.setModels([
      { name: 'qwen3:8b', contextLength: 40960, capabilities: ['completion', 'tools', 'thinking'] },
    ]);
    ollama.script([
      {
        reply: {
          thinking: 'The person wants a count.',
          tools: [{ name: 'sql_query', input: { query: 'SELECT 1' } }],
        },
      },
      { reply: { thinking: 'One row.', text: 'There is one.' } },
    ]);
    const client = local(ollama);
    const first = await client.complete(request('qwen3:8b'), { signal: signal() });
    expect(first.content.map((b) => b.type)).toEqual(['tool_use']);
    const call = first.content[0] as { id: string };
    const next = request('qwen3:8b');
    next.messages.push(
      { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '1' }] },
    );
    const second = await client.complete(next, { signal: signal() });
    expect(second.content).toEqual([{ type: 'text', text: 'There is one.' }]);
  });

  it('llama.cpp: tool input in pieces and ids without a prefix, read as one call', async () => {
    llama.script([
      { reply: { tools: [{ name: 'sql_query', input: { query: "SELECT 'a}b' AS x" } }] } },
    ]);
    const reply = await local(llama).complete(request('any'), { signal: signal() });
    expect(reply.content).toEqual([
      {
        type: 'tool_use',
        id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        name: 'sql_query',
        input: { query: "SELECT 'a}b' AS x" },
      },
    ]);
  });

  it('lists each server’s models with their window, tools and images', async () => {
    ollama.setModels([
      {
        name: 'qwen3:8b',
        contextLength: 40960,
        capabilities: ['completion', 'tools'],
        parameterSize: '8.2B',
        quantization: 'Q4_K_M',
      },
      { name: 'llava:7b', contextLength: 4096, capabilities: ['completion', 'vision'] },
    ]);
    const listed = await local(ollama).listModels();
    expect(listed).toEqual([
      expect.objectContaining({
        id: 'qwen3:8b',
        detail: '8.2B · Q4_K_M',
        traits: { contextWindow: 4096, tools: true, vision: false },
      }),
      expect.objectContaining({
        id: 'llava:7b',
        traits: { contextWindow: 4096, tools: false, vision: true },
      }),
    ]);
    // A model already loaded runs with the context it was loaded with (/api/ps).
    ollama.setNumCtx(16_384);
    ollama.script([{ reply: { text: 'hi' } }]);
    await local(ollama).complete(request('qwen3:8b'), { signal: signal() });
    expect((await readLocalServer(ollama.url)).models[0]!.traits!.contextWindow).toBe(16_384);

    const cpp = await readLocalServer(llama.url);
    expect(cpp.name).toBe('llama.cpp');
    expect(cpp.models[0]!.traits).toEqual({ contextWindow: 8192, tools: true, vision: false });
  });

  it('reads an older Ollama, whose list says nothing of capabilities, through /api/show', async () => {
    const old = await startMockLocal({ kind: 'ollama', legacyTags: true });
    try {
      const server = await readLocalServer(old.url);
      expect(server.name).toBe('Ollama');
      expect(server.models[0]!.traits).toEqual({ contextWindow: 4096, tools: true, vision: false });
    } finally {
      await old.close();
    }
  });

  it('marks an Ollama cloud model as running elsewhere, from the remote_host its list gives', async () => {
    const cloud = await startMockLocal({
      kind: 'ollama',
      models: [
        { name: 'qwen3:8b', contextLength: 40960, capabilities: ['completion', 'tools'] },
        {
          name: 'gpt-oss:120b-cloud',
          contextLength: 131072,
          capabilities: ['completion', 'tools'],
          remoteHost: 'https://ollama.com:443',
        },
      ],
    });
    try {
      const server = await readLocalServer(cloud.url);
      expect(server.models.map((m) => [m.id, m.remoteHost ?? null])).toEqual([
        ['qwen3:8b', null],
        ['gpt-oss:120b-cloud', 'https://ollama.com:443'],
      ]);
      expect(server.models[1]!.detail).toMatch(/data leaves this computer/);
    } finally {
      await cloud.close();
    }
  });

  it('finds the servers that answer among the usual addresses, and skips the rest', async () => {
    const found = await findLocalServers([ollama.url, 'http://127.0.0.1:9', llama.url]);
    expect(found.map((s) => [s.name, s.url])).toEqual([
      ['Ollama', ollama.url],
      ['llama.cpp', llama.url],
    ]);
  });

  it('says what to do when a server fails', async () => {
    const missing = await failure(
      local(ollama).complete(request('mistral:7b'), { signal: signal() }),
    );
    expect(missing.kind).toBe('not_found');
    expect(missing.message).toContain('has no model “mistral:7b”');
    expect(missing.message).toContain('ollama pull mistral:7b');

    ollama.script([
      {
        truncated: { reply: { text: 'The answer is a long one' }, afterEvents: 3 },
        chunkDelayMs: 5,
      },
    ]);
    const cut = await failure(local(ollama).complete(request('qwen3:8b'), { signal: signal() }));
    expect(cut.kind).toBe('network');
    expect(cut.message).toContain('stopped its reply part-way');

    llama.setNumCtx(16);
    const long = await failure(local(llama).complete(request('any'), { signal: signal() }));
    expect(long.kind).toBe('bad_request');
    expect(long.message).toContain('longer than the model’s context window');

    const nothing = createAnthropicClient({
      apiKey: '',
      baseURL: 'http://127.0.0.1:9',
      provider: 'local',
      maxRetries: 0,
    });
    const down = await failure(nothing.complete(request('qwen3:8b'), { signal: signal() }));
    expect(down.message).toContain('No model server answered at 127.0.0.1:9');
    expect(down.message).toContain('OLLAMA_ORIGINS');
  });
});
