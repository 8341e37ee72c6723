/**
 * The browser's model adapter, with the real Anthropic SDK, over real HTTP against the local mock
 * of the API: streaming, tool calls, usage, every failure class, Stop, and what goes on the wire.
 * Retries are made fast with `retry-after-ms`; no assertion depends on wall-clock time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAnthropicClient,
  type AnthropicClientOptions,
} from '../../src/adapters/anthropic-client.ts';
import { ModelError, type ModelRequest, type StreamEvent } from '../../src/core/model/client.ts';
import type { Message } from '../../src/core/model/messages.ts';
import { mockControl } from '../mock-anthropic/control.ts';
import { startMockAnthropic, type MockAnthropic } from '../mock-anthropic/server.ts';
import { replyEvents, type ReplySpec } from '../mock-anthropic/sse.ts';
import { validateMessagesRequest } from '../mock-anthropic/validate.ts';

const KEY = 'sk-ant-api03-TEST-0123456789abcdefghij-SECRET';
const FAST = { 'retry-after-ms': '1', 'retry-after': '0' };

const SQL_TOOL = {
  name: 'sql_query',
  description: 'Run a read-only SQL query.',
  input_schema: { type: 'object' as const, properties: { query: { type: 'string' } } },
};

function request(messages?: Message[]): ModelRequest {
  return {
    model: 'claude-sonnet-5-5',
    system: [{ type: 'text', text: 'You are Sift, a data analyst.' }],
    messages: messages ?? [{ role: 'user', content: [{ type: 'text', text: 'What is in data?' }] }],
    tools: [SQL_TOOL],
    maxTokens: 1024,
  };
}

let mock: MockAnthropic;
beforeAll(async () => {
  mock = await startMockAnthropic();
});
afterAll(() => mock?.close());
beforeEach(() => mock.reset());

const client = (options: Partial<AnthropicClientOptions> = {}) =>
  createAnthropicClient({ apiKey: KEY, baseURL: mock.url, maxRetries: 2, ...options });

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  const modelError = error as ModelError;
  expect(modelError.message).not.toContain(KEY);
  return modelError;
}

function call(spec?: { signal?: AbortSignal; messages?: Message[] }) {
  const events: StreamEvent[] = [];
  const signal = spec?.signal ?? new AbortController().signal;
  const reply = client().complete(request(spec?.messages), {
    signal,
    onEvent: (e) => events.push(e),
  });
  return { reply, events };
}

/** The text a stream had delivered after its first `n` events. */
function textAfter(spec: ReplySpec, n: number): string {
  return replyEvents(spec)
    .slice(0, n)
    .map((e) => (e.data as { delta?: { text?: string } }).delta?.text ?? '')
    .join('');
}

describe('streaming replies', () => {
  it('streams text in several deltas whose join is the final text', async () => {
    const text = 'The table has 3 columns and 1,204 rows; the date column spans 2019 to 2024.';
    mock.script([{ reply: { text } }]);
    const { reply, events } = call();
    const result = await reply;
    const deltas = events.filter((e) => e.type === 'text');
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((e) => e.delta).join('')).toBe(text);
    expect(result.content).toEqual([{ type: 'text', text }]);
    expect(result.stopReason).toBe('end_turn');
    expect(result.model).toBe('claude-sonnet-5-5');
  });

  it('parses two tool calls and shows their inputs growing', async () => {
    const first = {
      query: 'SELECT region, sum(amount) AS total FROM data GROUP BY region',
      description: 'Total amount per region',
    };
    const second = {
      query: 'SELECT count(*) FROM data WHERE amount IS NULL',
      description: 'How many amounts are missing',
    };
    mock.script([
      {
        reply: {
          reasoning: 'Let me look at totals.',
          tools: [
            { name: 'sql_query', input: first },
            { name: 'sql_query', input: second },
          ],
        },
      },
    ]);
    const { reply, events } = call();
    const result = await reply;
    expect(result.stopReason).toBe('tool_use');
    const [text, a, b] = result.content;
    expect(text).toEqual({ type: 'text', text: 'Let me look at totals.' });
    expect(a).toMatchObject({ type: 'tool_use', name: 'sql_query', input: first });
    expect(b).toMatchObject({ type: 'tool_use', name: 'sql_query', input: second });
    expect(a?.type === 'tool_use' && a.id).toMatch(/^toolu_mock_\d+$/);
    expect(a?.type === 'tool_use' && b?.type === 'tool_use' && a.id !== b.id).toBe(true);
    for (const [index, input] of [
      [1, first],
      [2, second],
    ] as const) {
      const partials = events
        .filter((e) => e.type === 'tool_input' && e.index === index)
        .map((e) => (e.type === 'tool_input' ? e.partial : null));
      expect(partials[0]).toEqual({});
      expect(partials.at(-1)).toEqual(input);
      const sizes = partials.map((p) => JSON.stringify(p).length);
      expect(sizes).toEqual([...sizes].sort((x, y) => x - y));
      // SDK 1.12's partial parse keeps only complete values (a half-arrived string is left
      // out), so growth shows key by key: some snapshot holds the query but not yet the rest.
      expect(partials).toContainEqual({ query: input.query });
    }
  });

  it('maps usage, cache tokens included', async () => {
    mock.script([
      {
        reply: {
          text: 'Done.',
          usage: {
            input_tokens: 1234,
            output_tokens: 56,
            cache_read_input_tokens: 900,
            cache_creation_input_tokens: 210,
          },
        },
      },
      { reply: { text: 'Again.', usage: { input_tokens: 7, output_tokens: 3 } } },
    ]);
    expect((await call().reply).usage).toEqual({
      inputTokens: 1234,
      outputTokens: 56,
      cacheReadTokens: 900,
      cacheWriteTokens: 210,
    });
    expect((await call().reply).usage).toEqual({
      inputTokens: 7,
      outputTokens: 3,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });
});

describe('what goes on the wire', () => {
  it('sends the key only in the auth header, and the browser-access header', async () => {
    mock.script([{ reply: { text: 'ok' } }]);
    await call().reply;
    const [sent] = mock.requests();
    expect(sent).toBeDefined();
    if (!sent) return;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/messages');
    // SDK 1.12 sends an API key as a bearer token, not as x-api-key.
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers['x-api-key']).toBeUndefined();
    const others = Object.entries(sent.headers).filter(([name]) => name !== 'authorization');
    expect(JSON.stringify(others)).not.toContain(KEY);
    expect(JSON.stringify(sent.body)).not.toContain(KEY);
    expect(sent.path + sent.query).not.toContain(KEY);
    expect(sent.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(sent.headers['anthropic-version']).toBeTruthy();
    expect(sent.body).toMatchObject({
      model: 'claude-sonnet-5-5',
      max_tokens: 1024,
      stream: true,
      system: [{ type: 'text', text: 'You are Sift, a data analyst.' }],
      tools: [SQL_TOOL],
    });
  });
});

describe('failures', () => {
  it('401 is auth, not retried', async () => {
    mock.script([{ status: 401, errorType: 'authentication_error', message: 'invalid x-api-key' }]);
    const error = await failure(call().reply);
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toBe('The API key was refused (401). Check it in Settings.');
    expect(mock.requests()).toHaveLength(1);
  });

  it('429 then a reply succeeds after one retry', async () => {
    mock.script([
      { status: 429, errorType: 'rate_limit_error', message: 'slow down', headers: FAST },
      { reply: { text: 'Second time lucky.' } },
    ]);
    expect((await call().reply).content).toEqual([{ type: 'text', text: 'Second time lucky.' }]);
    expect(mock.requests()).toHaveLength(2);
  });

  it('persistent 429 is rate_limit after the retries', async () => {
    const step = {
      status: 429,
      errorType: 'rate_limit_error',
      message: 'slow down',
      headers: FAST,
    };
    mock.script([step, step, step]);
    const error = await failure(call().reply);
    expect(error.kind).toBe('rate_limit');
    expect(error.message).toBe(
      'Rate limited by the API (429) after 2 retries. Wait a minute and try again.',
    );
    expect(mock.requests()).toHaveLength(3);
  });

  it('persistent 529 is overloaded after maxRetries + 1 requests', async () => {
    const step = {
      status: 529,
      errorType: 'overloaded_error',
      message: 'Overloaded',
      headers: FAST,
    };
    mock.script([step, step, step, { reply: { text: 'never reached' } }]);
    const error = await failure(call().reply);
    expect(error.kind).toBe('overloaded');
    expect(error.status).toBe(529);
    expect(mock.requests()).toHaveLength(3);
  });

  it('other 5xx is server; 403 permission; 404 not_found names the model', async () => {
    mock.script([
      {
        status: 500,
        errorType: 'api_error',
        message: 'boom',
        headers: { 'x-should-retry': 'false' },
      },
      { status: 403, errorType: 'permission_error', message: 'no access to this model' },
      { status: 404, errorType: 'not_found_error', message: 'model: claude-sonnet-5-5' },
    ]);
    expect((await failure(call().reply)).kind).toBe('server');
    const forbidden = await failure(call().reply);
    expect(forbidden.kind).toBe('permission');
    expect(forbidden.message).toContain('no access to this model');
    const missing = await failure(call().reply);
    expect(missing.kind).toBe('not_found');
    expect(missing.message).toContain('"claude-sonnet-5-5"');
    expect(missing.message).toContain(mock.url);
  });

  it('an API message that echoes the key is scrubbed', async () => {
    mock.script([{ status: 400, errorType: 'invalid_request_error', message: `bad key ${KEY}` }]);
    const error = await failure(call().reply);
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('[API key]');
  });

  it('a stream cut mid-way is network, with the text so far and complete tool calls only', async () => {
    const text = 'Looking at the revenue column first, then at the regions.';
    mock.script([{ cut: { reply: { text }, afterEvents: 5 } }]);
    const error = await failure(call().reply);
    expect(error.kind).toBe('network');
    expect(error.message).toContain('was lost');
    const sofar = textAfter({ text }, 5);
    expect(sofar.length).toBeGreaterThan(0);
    expect(text.startsWith(sofar)).toBe(true);
    expect(error.partial).toEqual([{ type: 'text', text: sofar }]);
    expect(mock.requests()).toHaveLength(1);

    // Cut inside the second tool's JSON: the first tool call is kept, the second is not.
    const spec: ReplySpec = {
      reasoning: 'Two queries.',
      tools: [
        { name: 'sql_query', input: { query: 'SELECT 1' }, id: 'toolu_a' },
        { name: 'sql_query', input: { query: 'SELECT 2 + 2 AS four, 3 AS three' }, id: 'toolu_b' },
      ],
    };
    const stops = replyEvents(spec).flatMap((e, i) =>
      e.event === 'content_block_stop' ? [i] : [],
    );
    mock.script([{ cut: { reply: spec, afterEvents: (stops[1] ?? 0) + 3 } }]);
    const cut = await failure(call().reply);
    expect(cut.kind).toBe('network');
    expect(cut.partial).toEqual([
      { type: 'text', text: 'Two queries.' },
      { type: 'tool_use', id: 'toolu_a', name: 'sql_query', input: { query: 'SELECT 1' } },
    ]);
  });

  it('an SSE error event mid-stream is classified by its type, with the partial text', async () => {
    const reply = { text: 'The busiest month was March, with the most orders by far.' };
    mock.script([
      {
        streamError: {
          reply,
          afterEvents: 4,
          errorType: 'overloaded_error',
          message: 'Overloaded',
        },
      },
    ]);
    const error = await failure(call().reply);
    expect(error.kind).toBe('overloaded');
    expect(error.partial).toEqual([{ type: 'text', text: textAfter(reply, 4) }]);
    expect(mock.requests()).toHaveLength(1);
  });

  it('Stop during a hanging stream is aborted, promptly', { timeout: 10_000 }, async () => {
    mock.script([{ hang: true }]);
    const controller = new AbortController();
    const { reply } = call({ signal: controller.signal });
    await vi.waitFor(() => expect(mock.requests()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const error = await failure(reply);
    expect(error.kind).toBe('aborted');
  });

  it('Stop while text is streaming keeps what had arrived', async () => {
    const text = 'A long answer that arrives slowly, piece by piece, over many events.';
    mock.script([{ reply: { text }, chunkDelayMs: 20 }]);
    const controller = new AbortController();
    const reply = client().complete(request(), {
      signal: controller.signal,
      onEvent: (e) => e.type === 'text' && controller.abort(),
    });
    const error = await failure(reply);
    expect(error.kind).toBe('aborted');
    const [first] = error.partial;
    expect(first?.type === 'text' && first.text.length > 0 && text.startsWith(first.text)).toBe(
      true,
    );
  });

  it('an already-aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await failure(call({ signal: controller.signal }).reply)).kind).toBe('aborted');
    expect(mock.requests()).toHaveLength(0);
  });

  it('no server is network; a CSP refusal reported by the page is blocked', async () => {
    const gone = await startMockAnthropic();
    const url = gone.url;
    await gone.close();
    const refused = createAnthropicClient({ apiKey: KEY, baseURL: url, maxRetries: 0 });
    const signal = new AbortController().signal;
    const network = await failure(refused.complete(request(), { signal }));
    expect(network.kind).toBe('network');
    const seen: string[] = [];
    const blockedClient = createAnthropicClient({
      apiKey: KEY,
      baseURL: url,
      maxRetries: 0,
      wasBlocked: (u) => (seen.push(u), true),
    });
    const blocked = await failure(blockedClient.complete(request(), { signal }));
    expect(blocked.kind).toBe('blocked');
    expect(blocked.message).toContain('SIFT_CONNECT_SRC');
    expect(blocked.message).toContain(new URL(url).origin);
    expect(seen).toEqual([`${url}/v1/messages`]);
  });

  it('no server while the browser says it is offline: the message says so, and what still works', async () => {
    const gone = await startMockAnthropic();
    await gone.close();
    const options = { apiKey: KEY, baseURL: gone.url, maxRetries: 0 };
    const signal = new AbortController().signal;
    const online = await failure(createAnthropicClient(options).complete(request(), { signal }));
    expect(online.message).not.toMatch(/offline/);
    const offline = await failure(
      createAnthropicClient({ ...options, isOffline: () => true }).complete(request(), { signal }),
    );
    expect(offline.kind).toBe('network');
    expect(offline.message).toMatch(/offline/);
    expect(offline.message).toContain(new URL(gone.url).host);
    expect(offline.message).toMatch(/queries/);
  });

  it("the mock's 400 for a tool_use without its tool_result reaches the adapter as bad_request", async () => {
    mock.script([{ reply: { text: 'unused' } }]);
    const error = await failure(
      call({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_x', name: 'sql_query', input: {} }],
          },
          { role: 'user', content: [{ type: 'text', text: 'and?' }] },
        ],
      }).reply,
    );
    expect(error.kind).toBe('bad_request');
    expect(error.status).toBe(400);
    expect(error.message).toContain('toolu_x');
    // The rejected request did not use up the scripted reply.
    expect((await call().reply).content).toEqual([{ type: 'text', text: 'unused' }]);
  });
});

describe('listModels', () => {
  it('returns the configured list, and pages', async () => {
    expect(await client().listModels()).toEqual([
      { id: 'claude-opus-5-5', displayName: 'Claude Opus 5.5' },
      { id: 'claude-sonnet-5-5', displayName: 'Claude Sonnet 5.5' },
      { id: 'claude-haiku-5-5', displayName: 'Claude Haiku 5.5' },
    ]);
    expect(mock.requests()[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
    mock.reset();
    const many = Array.from({ length: 150 }, (_, i) => ({ id: `m-${i}`, display_name: `M ${i}` }));
    mock.setModels(many);
    const listed = await client().listModels();
    expect(listed.map((m) => m.id)).toEqual(many.map((m) => m.id));
    expect(mock.requests()).toHaveLength(2);
  });

  it('a 401 on models is auth', async () => {
    mock.setModels({
      status: 401,
      errorType: 'authentication_error',
      message: 'invalid x-api-key',
    });
    expect((await failure(client().listModels())).kind).toBe('auth');
  });
});

describe('the mock itself', () => {
  const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
  const toolUse = (id: string): Message => ({
    role: 'assistant',
    content: [{ type: 'tool_use', id, name: 'sql_query', input: { query: 'SELECT 1' } }],
  });
  const toolResult = (id: string): Message => ({
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: id, content: '1' }],
  });
  const body = (messages: unknown[], extra: object = {}) => ({
    model: 'm',
    max_tokens: 10,
    messages,
    ...extra,
  });
  const cached = { type: 'text', text: 'x', cache_control: { type: 'ephemeral' } };

  it('rejects the histories the real API rejects, and accepts a proper one', () => {
    expect(validateMessagesRequest(body([user('q'), toolUse('t1'), toolResult('t1')]))).toBeNull();
    expect(validateMessagesRequest({ max_tokens: 1, messages: [user('q')] })).toMatch(/^model/);
    expect(validateMessagesRequest({ model: 'm', messages: [user('q')] })).toMatch(/^max_tokens/);
    expect(validateMessagesRequest({ model: 'm', max_tokens: 1 })).toMatch(/^messages/);
    expect(validateMessagesRequest(body([toolUse('t1')]))).toMatch(/first message/);
    expect(validateMessagesRequest(body([user('q'), toolUse('t1'), user('next')]))).toMatch(
      /without `tool_result`.*t1/,
    );
    expect(validateMessagesRequest(body([user('q'), toolUse('t1')]))).toMatch(/t1/);
    expect(validateMessagesRequest(body([user('q'), toolUse('t1'), toolResult('t2')]))).toMatch(
      /t1/,
    );
    expect(validateMessagesRequest(body([user('q'), toolResult('t9')]))).toMatch(
      /unexpected `tool_use_id`.*t9/,
    );
    expect(validateMessagesRequest(body([{ role: 'user', content: [] }]))).toMatch(/non-empty/);
    expect(validateMessagesRequest(body([user('')]))).toMatch(/non-empty/);
    const five = { role: 'user', content: [cached, cached, cached] };
    expect(validateMessagesRequest(body([five], { system: [cached, cached] }))).toMatch(
      /maximum of 4 .*Found 5/,
    );
  });

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    fetch(mock.url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer k',
        'anthropic-version': '2023-06-01',
        ...headers,
      },
      body: JSON.stringify(payload),
    });

  it('answers 400 without using up a step, and 500 when nothing is scripted', async () => {
    mock.script([{ reply: { text: 'kept' } }]);
    const bad = await post('/v1/messages', body([user('q'), toolUse('t1'), user('next')]));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('request-id')).toMatch(/^req_mock_/);
    expect(await bad.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error' },
      request_id: bad.headers.get('request-id'),
    });
    const good = await post('/v1/messages', body([user('q')]));
    expect(good.status).toBe(200);
    // stream absent → the plain Message JSON.
    expect(await good.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'kept' }],
      stop_reason: 'end_turn',
    });
    const none = await post('/v1/messages', body([user('q')]));
    expect(none.status).toBe(500);
    expect(await none.json()).toMatchObject({ error: { message: 'mock: no scripted reply' } });
    expect(mock.requests()).toHaveLength(3);
  });

  it('answers CORS preflights and puts CORS headers on errors and streams', async () => {
    const origin = 'http://localhost:4173';
    const preflight = await fetch(mock.url + '/v1/messages', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,anthropic-version,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization,anthropic-version,content-type',
    );
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    mock.script([{ status: 429, errorType: 'rate_limit_error', message: 'wait' }]);
    const limited = await post('/v1/messages', body([user('q')]), { origin });
    expect(limited.headers.get('access-control-allow-origin')).toBe(origin);
    expect(limited.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(limited.headers.get('retry-after')).toBe('0');
    mock.script([{ reply: { text: 'hi' } }]);
    const streamed = await post('/v1/messages', body([user('q')], { stream: true }), { origin });
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    expect(streamed.headers.get('access-control-allow-origin')).toBe(origin);
    const wire = await streamed.text();
    expect(wire.startsWith('event: message_start\ndata: {"type":"message_start"')).toBe(true);
    expect(wire.trimEnd().endsWith('event: message_stop\ndata: {"type":"message_stop"}')).toBe(
      true,
    );
    // Preflights are not recorded; the two API calls are.
    expect(mock.requests()).toHaveLength(2);
  });

  it('is scriptable over HTTP from another process', async () => {
    const control = mockControl(mock.url);
    await control.script([{ reply: { text: 'over HTTP' } }]);
    await control.setModels([{ id: 'only-one', display_name: 'Only One' }]);
    expect((await call().reply).content).toEqual([{ type: 'text', text: 'over HTTP' }]);
    expect(await client().listModels()).toEqual([{ id: 'only-one', displayName: 'Only One' }]);
    const seen = await control.requests();
    expect(seen.map((r) => r.path)).toEqual(['/v1/messages', '/v1/models']);
    await control.reset();
    expect(await control.requests()).toEqual([]);
    expect((await client().listModels()).length).toBe(3);
  });

  it('closes promptly with a stream still hanging', async () => {
    const other = await startMockAnthropic();
    other.script([{ hang: true }]);
    const hanging = createAnthropicClient({ apiKey: KEY, baseURL: other.url, maxRetries: 0 });
    const reply = hanging.complete(request(), { signal: new AbortController().signal });
    await vi.waitFor(() => expect(other.requests()).toHaveLength(1));
    await other.close();
    expect((await failure(reply)).kind).toBe('network');
  });
});
