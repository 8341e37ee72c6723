/**
 * The local Ollama and llama.cpp mocks, driven by the real Anthropic SDK configured as for a
 * keyless local server: each server's ids, usage, tool-input streaming, truncation and context
 * behaviour, Ollama's CORS, and the model-info endpoints (docs/local-model-servers.md).
 */
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockLocalControl } from '../mock-local/control.ts';
import { startMockLocal, type LocalStep, type MockLocal } from '../mock-local/server.ts';

const SQL_TOOL = {
  name: 'sql_query',
  description: 'Run a read-only SQL query.',
  input_schema: { type: 'object' as const, properties: { query: { type: 'string' } } },
};
const INPUT = { query: 'select count(*) from "sales"', limit: 5, tags: ['a', 'b'] };

const sdk = (mock: MockLocal) =>
  new Anthropic({
    apiKey: null,
    authToken: null,
    baseURL: mock.url,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
    defaultHeaders: {
      'x-api-key': null,
      authorization: null,
      'anthropic-version': null,
      'anthropic-dangerous-direct-browser-access': null,
    },
  });

type Event = { type: string; [key: string]: unknown };
const startOf = (events: Event[]) => events[0]?.message as Record<string, unknown>;

/** Streams one request; returns the raw events and the SDK's final message (or its error). */
async function run(mock: MockLocal, params: Partial<Anthropic.MessageCreateParams> = {}) {
  const events: Event[] = [];
  const stream = sdk(mock).messages.stream({
    model: mock.kind === 'ollama' ? 'qwen3:8b' : 'qwen3-8b',
    max_tokens: 512,
    messages: [{ role: 'user', content: 'How many sales are there?' }],
    ...params,
  });
  // Cloned: the SDK keeps mutating message_start's message as its snapshot.
  stream.on('streamEvent', (event) => events.push(structuredClone(event) as unknown as Event));
  const final = await stream.finalMessage().then(
    (message) => ({ message, error: undefined }),
    (error: unknown) => ({ message: undefined, error }),
  );
  return { events, ...final };
}

/** Plain HTTP, so Origin and preflight headers go out exactly as given. */
function raw(url: string, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(new URL(path, url), { method, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end(method === 'POST' ? JSON.stringify({ model: 'qwen3:8b' }) : undefined);
    },
  );
}

const getJson = async (url: string, path: string, init?: RequestInit) =>
  (await (await fetch(new URL(path, url), init)).json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const toolReply: LocalStep = {
  reply: { text: 'Let me count them.', tools: [{ name: 'sql_query', input: INPUT }] },
};

describe('Ollama mock', () => {
  let mock: MockLocal;
  beforeAll(async () => void (mock = await startMockLocal({ kind: 'ollama' })));
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());

  it('streams text: msg_ id, no stop keys in message_start, no ping, real usage at the end', async () => {
    mock.script([{ reply: { text: 'There are 42 sales.' } }]);
    const { events, message } = await run(mock);
    expect(message?.id).toMatch(/^msg_[0-9a-f]{24}$/);
    expect(message?.content).toEqual([{ type: 'text', text: 'There are 42 sales.' }]);
    expect(message?.stop_reason).toBe('end_turn');
    expect(startOf(events)).not.toHaveProperty('stop_reason');
    expect(startOf(events)).not.toHaveProperty('stop_sequence');
    expect(events.map((e) => e.type)).not.toContain('ping');
    const [recorded] = mock.requests();
    expect(message?.usage).toEqual({ input_tokens: recorded?.promptTokens, output_tokens: 5 });
    expect(recorded?.headers).not.toHaveProperty('x-api-key');
    expect(recorded?.headers).not.toHaveProperty('anthropic-version');
  });

  it('streams a tool call as input:{} then one whole-JSON delta, text closed first', async () => {
    mock.script([toolReply]);
    const { events, message } = await run(mock, { tools: [SQL_TOOL] });
    expect(message?.stop_reason).toBe('tool_use');
    const tool = message?.content[1] as Anthropic.ToolUseBlock;
    expect(tool.id).toMatch(/^call_[a-z0-9]{8}$/);
    expect(tool.input).toEqual(INPUT);
    const deltas = events.filter((e) => (e.delta as Event)?.type === 'input_json_delta');
    expect(deltas).toHaveLength(1);
    const kinds = events.map((e) => `${e.type}:${String(e.index ?? '')}`);
    expect(kinds.indexOf('content_block_stop:0')).toBeLessThan(
      kinds.indexOf('content_block_start:1'),
    );
    const toolStart = events.find((e) => e.type === 'content_block_start' && e.index === 1);
    expect((toolStart?.content_block as Record<string, unknown>).input).toEqual({});
  });

  it('a stream that just ends (mid-stream error) makes finalMessage() reject', async () => {
    mock.script([{ truncated: { reply: { text: 'There are 42 sales.' }, afterEvents: 3 } }]);
    const { events, error } = await run(mock);
    expect(events).toHaveLength(3);
    expect(String(error)).toMatch(/without producing a Message/);
  });

  it('silently drops old turns beyond num_ctx; only the usage and the record show it', async () => {
    const control = mockLocalControl(mock.url);
    await control.setNumCtx(300);
    await control.script([{ reply: { text: 'ok' } }]);
    const long = 'x'.repeat(600);
    const messages = [long, long, long, long, 'And now?'].map(
      (content, i): Anthropic.MessageParam => ({ role: i % 2 ? 'assistant' : 'user', content }),
    );
    const { events, message } = await run(mock, { messages });
    const [recorded] = await control.requests();
    expect(recorded?.truncated).toBe(true);
    expect(recorded?.promptTokens).toBeLessThanOrEqual(300);
    expect((startOf(events).usage as { input_tokens: number }).input_tokens).toBeGreaterThan(600);
    expect(message?.usage.input_tokens).toBe(recorded?.promptTokens);
    const ps = await getJson(mock.url, '/api/ps');
    expect(ps.models[0]).toMatchObject({ name: 'qwen3:8b', context_length: 300 });
  });

  it('answers Anthropic-shaped errors: unknown model, tools unsupported', async () => {
    mock.setModels([{ name: 'gemma:2b', contextLength: 8192, capabilities: ['completion'] }]);
    const missing = await run(mock, { model: 'nope' });
    expect(missing.error).toBeInstanceOf(Anthropic.NotFoundError);
    expect((missing.error as APIError).error).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error', message: "model 'nope' not found" },
      request_id: expect.stringMatching(/^req_[0-9a-f]{24}$/),
    });
    const tools = await run(mock, { model: 'gemma:2b', tools: [SQL_TOOL] });
    expect((tools.error as APIError).status).toBe(400);
    expect(String(tools.error)).toContain(
      'registry.ollama.ai/library/gemma:2b does not support tools',
    );
  });

  it('CORS: fixed allow-headers on a 204 preflight, 403 with no body for others; host check', async () => {
    const preflight = await raw(mock.url, 'OPTIONS', '/v1/messages', {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-api-key',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(preflight.headers['access-control-max-age']).toBe('43200');
    const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed.split(',')).toContain('authorization');
    expect(allowed.split(',')).not.toContain('x-api-key');
    const evil = await raw(mock.url, 'POST', '/api/show', { origin: 'http://evil.example' });
    expect([evil.status, evil.body]).toEqual([403, '']);
    mock.setOrigins(['http://evil.example']);
    const now = await raw(mock.url, 'POST', '/api/show', { origin: 'http://evil.example' });
    expect(now.status).toBe(200);
    expect(now.headers['access-control-allow-origin']).toBe('http://evil.example');
    // The host check (Ollama on loopback): a rebinding name is refused; *.local is not.
    expect((await raw(mock.url, 'GET', '/', { host: 'evil.example' })).status).toBe(403);
    expect((await raw(mock.url, 'GET', '/', { host: 'box.local:11434' })).status).toBe(200);
  });

  it('model info: /api/tags, /api/show, /v1/models, /', async () => {
    const tags = await getJson(mock.url, '/api/tags');
    expect(tags.models[0]).toMatchObject({
      name: 'qwen3:8b',
      details: { family: 'qwen3', context_length: 40960 },
      capabilities: ['completion', 'tools'],
    });
    const show = await getJson(mock.url, '/api/show', {
      method: 'POST',
      body: JSON.stringify({ name: 'qwen3:8b' }),
    });
    expect(show.model_info['general.architecture']).toBe('qwen3');
    expect(show.model_info['qwen3.context_length']).toBe(40960);
    expect(show.parameters).not.toContain('num_ctx');
    const models = await getJson(mock.url, '/v1/models');
    expect(models).toEqual({
      object: 'list',
      data: [{ id: 'qwen3:8b', object: 'model', created: expect.any(Number), owned_by: 'library' }],
    });
    expect((await raw(mock.url, 'GET', '/')).body).toBe('Ollama is running');
    const legacy = await startMockLocal({ kind: 'ollama', legacyTags: true });
    const old = await getJson(legacy.url, '/api/tags');
    await legacy.close();
    expect(old.models[0]).not.toHaveProperty('capabilities');
    expect(old.models[0].details).not.toHaveProperty('context_length');
  });
});

describe('llama.cpp mock', () => {
  let mock: MockLocal;
  beforeAll(async () => void (mock = await startMockLocal({ kind: 'llamacpp' })));
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());

  it('streams text: chatcmpl- id, null stops in message_start, output-only final usage', async () => {
    mock.script([{ reply: { text: 'There are 42 sales.' } }]);
    const { events, message } = await run(mock);
    expect(message?.id).toMatch(/^chatcmpl-[A-Za-z0-9]{32}$/);
    expect(message?.content).toEqual([{ type: 'text', text: 'There are 42 sales.' }]);
    expect(startOf(events)).toMatchObject({ stop_reason: null, stop_sequence: null });
    const delta = events.find((e) => e.type === 'message_delta');
    expect(delta?.usage).toEqual({ output_tokens: 5 });
    const [recorded] = mock.requests();
    expect(message?.usage).toEqual({ input_tokens: recorded?.promptTokens, output_tokens: 5 });
  });

  it('streams a tool call with no input key, JSON in pieces, blocks closed at the end', async () => {
    mock.script([toolReply]);
    const { events, message } = await run(mock, { tools: [SQL_TOOL] });
    const tool = message?.content[1] as Anthropic.ToolUseBlock;
    expect(tool.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(tool.input).toEqual(INPUT);
    expect(message?.stop_reason).toBe('tool_use');
    const toolStart = events.find((e) => e.type === 'content_block_start' && e.index === 1);
    expect(toolStart?.content_block).not.toHaveProperty('input');
    const pieces = events.filter((e) => (e.delta as Event)?.type === 'input_json_delta');
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    const tail = events.slice(-4).map((e) => `${e.type}:${String(e.index ?? '')}`);
    expect(tail).toEqual([
      'content_block_stop:0',
      'content_block_stop:1',
      'message_delta:',
      'message_stop:',
    ]);
  });

  it('refuses a prompt longer than n_ctx with exceed_context_size_error', async () => {
    mock.setNumCtx(100);
    mock.script([{ reply: { text: 'unused' } }]);
    const { error } = await run(mock, { messages: [{ role: 'user', content: 'y'.repeat(800) }] });
    expect((error as APIError).status).toBe(400);
    expect((error as APIError).error).toEqual({
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
        n_prompt_tokens: mock.requests()[0]?.promptTokens,
        n_ctx: 100,
      },
    });
  });

  it('model info: /v1/models meta, /props n_ctx and vision, /health, any-origin CORS', async () => {
    mock.setModels([{ name: 'gemma3-4b', contextLength: 131072, capabilities: ['vision'] }]);
    mock.setNumCtx(8192);
    const models = await getJson(mock.url, '/v1/models');
    expect(models.data[0]).toMatchObject({ id: 'gemma3-4b', meta: { n_ctx_train: 131072 } });
    const props = await getJson(mock.url, '/props');
    expect(props.default_generation_settings.n_ctx).toBe(8192);
    expect(props.modalities.vision).toBe(true);
    expect(await getJson(mock.url, '/health')).toEqual({ status: 'ok' });
    const preflight = await raw(mock.url, 'OPTIONS', '/v1/messages', { origin: 'http://x.test' });
    expect(preflight.status).toBe(200);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': 'http://x.test',
      'access-control-allow-headers': '*',
      'access-control-allow-credentials': 'true',
    });
  });
});
