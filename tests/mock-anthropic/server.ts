/**
 * A local stand-in for the Anthropic API (Messages + Models) that speaks the real wire format,
 * so the real SDK — in Node tests or in the browser under test — can be driven through every
 * success and failure path without a network. Node `http` only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorEvent, formatSse, replyEvents, replyMessage } from './sse.ts';
import type { ModelsSetting, RecordedRequest, SseEvent, Step } from './types.ts';
import { validateMessagesRequest } from './validate.ts';

export type * from './types.ts';

export interface MockAnthropic {
  /** e.g. `http://127.0.0.1:PORT`; pass it to the SDK as `baseURL`. */
  url: string;
  /** Appends steps; each valid POST /v1/messages takes the next one. */
  script(steps: Step[]): void;
  requests(): RecordedRequest[];
  /** Forgets steps and recorded requests, and restores the default model list. */
  reset(): void;
  setModels(setting: ModelsSetting): void;
  close(): Promise<void>;
}

export const DEFAULT_MODELS: ModelsSetting = [
  { id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5' },
  { id: 'claude-sonnet-5-5', display_name: 'Claude Sonnet 5.5' },
  { id: 'claude-haiku-5-5', display_name: 'Claude Haiku 5.5' },
];

// Browsers read these only when exposed; the SDK needs the retry ones to honour the API's advice.
const EXPOSED = 'request-id, retry-after, retry-after-ms, x-should-retry';

function cors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-expose-headers', EXPOSED);
  res.setHeader('vary', 'Origin');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The API's error body: `{type:'error', error:{type, message}, request_id}`. */
function sendError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const requestId = String(res.getHeader('request-id') ?? '');
  sendJson(
    res,
    status,
    { type: 'error', error: { type, message }, request_id: requestId },
    headers,
  );
}

type Ending = 'end' | 'destroy' | 'hang';

/** Writes SSE events, optionally spaced out, then ends, cuts or holds the connection. */
function sendStream(res: ServerResponse, events: SseEvent[], ending: Ending, delayMs = 0): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  res.flushHeaders();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  // The client may leave at any time (Stop); no timer may outlive the connection.
  res.on('close', () => {
    closed = true;
    clearTimeout(timer);
  });
  const finish = () => {
    if (closed) return;
    if (ending === 'end') res.end();
    // Close the socket without finishing the chunked body: a FIN after the data (not a reset,
    // which may discard bytes still in flight), so the client reads exactly N events, then fails.
    else if (ending === 'destroy')
      res.write('', () => {
        res.socket?.end();
        setTimeout(() => res.destroy(), 100).unref();
      });
  };
  if (delayMs <= 0) {
    res.write(events.map(formatSse).join(''));
    finish();
    return;
  }
  let i = 0;
  const next = () => {
    if (closed) return;
    const event = events[i++];
    if (!event) return finish();
    res.write(formatSse(event));
    timer = setTimeout(next, delayMs);
  };
  next();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export async function startMockAnthropic(opts: { port?: number } = {}): Promise<MockAnthropic> {
  let steps: Step[] = [];
  let recorded: RecordedRequest[] = [];
  let models: ModelsSetting = DEFAULT_MODELS;
  let requestCount = 0;

  function answerMessages(res: ServerResponse, body: unknown): void {
    const invalid = validateMessagesRequest(body);
    // A rejected request does not use up a step: the test sees the 400, not a shifted script.
    if (invalid) return sendError(res, 400, 'invalid_request_error', invalid);
    const step = steps.shift();
    // Not retryable, so a test that forgot to script fails at once rather than after backoff.
    const noRetry = { 'x-should-retry': 'false' };
    if (!step) return sendError(res, 500, 'api_error', 'mock: no scripted reply', noRetry);
    const request = body as { model: string; stream?: boolean };
    if ('status' in step) {
      const retry: Record<string, string> = step.status === 429 ? { 'retry-after': '0' } : {};
      return sendError(res, step.status, step.errorType, step.message, {
        ...retry,
        ...step.headers,
      });
    }
    if ('reply' in step) {
      if (request.stream !== true)
        return sendJson(res, 200, replyMessage(step.reply, request.model));
      return sendStream(res, replyEvents(step.reply, request.model), 'end', step.chunkDelayMs);
    }
    if ('cut' in step) {
      const events = replyEvents(step.cut.reply, request.model).slice(0, step.cut.afterEvents);
      return sendStream(res, events, 'destroy', step.chunkDelayMs);
    }
    if ('hang' in step) return sendStream(res, replyEvents({}, request.model).slice(0, 2), 'hang');
    const { reply, afterEvents, errorType, message } = step.streamError;
    const events = replyEvents(reply, request.model).slice(0, afterEvents);
    return sendStream(res, [...events, errorEvent(errorType, message)], 'end');
  }

  function answerModels(res: ServerResponse, query: URLSearchParams): void {
    if (!Array.isArray(models))
      return sendError(res, models.status, models.errorType, models.message);
    const limit = Math.min(1000, Math.max(1, Number(query.get('limit') ?? 20) || 20));
    const after = query.get('after_id');
    const start = after ? models.findIndex((m) => m.id === after) + 1 : 0;
    const page = models.slice(start, start + limit);
    sendJson(res, 200, {
      data: page.map((m) => ({
        type: 'model',
        id: m.id,
        display_name: m.display_name,
        created_at: m.created_at ?? '2025-09-29T00:00:00Z',
      })),
      has_more: start + limit < models.length,
      first_id: page[0]?.id ?? null,
      last_id: page.at(-1)?.id ?? null,
    });
  }

  /** The control API, for tests that run in another process than the mock. */
  function answerControl(res: ServerResponse, method: string, path: string, body: unknown): void {
    if (method === 'POST' && path === '/__mock/script' && Array.isArray(body)) {
      mock.script(body as Step[]);
      return sendJson(res, 200, { queued: steps.length });
    }
    if (method === 'POST' && path === '/__mock/reset') {
      mock.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'GET' && path === '/__mock/requests') return sendJson(res, 200, recorded);
    if (method === 'POST' && path === '/__mock/models' && body !== null) {
      mock.setModels(body as ModelsSetting);
      return sendJson(res, 200, { ok: true });
    }
    sendJson(res, 400, { error: `mock: bad control request ${method} ${path}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mock');
    const method = req.method ?? 'GET';
    cors(req, res);
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      return void res.end();
    }
    const body = parseJson(await readBody(req));
    if (url.pathname.startsWith('/__mock/')) return answerControl(res, method, url.pathname, body);

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    recorded.push({
      method,
      path: url.pathname,
      query: url.search.slice(1),
      headers,
      body,
      at: Date.now(),
    });
    requestCount += 1;
    res.setHeader('request-id', `req_mock_${requestCount}`);

    // The API refuses unauthenticated and unversioned requests before looking at the body.
    if (!headers['x-api-key'] && !headers.authorization) {
      return sendError(res, 401, 'authentication_error', 'x-api-key header is required');
    }
    if (!headers['anthropic-version']) {
      return sendError(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
    }
    if (method === 'POST' && url.pathname === '/v1/messages') return answerMessages(res, body);
    if (method === 'GET' && url.pathname === '/v1/models')
      return answerModels(res, url.searchParams);
    sendError(res, 404, 'not_found_error', `mock: no route for ${method} ${url.pathname}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'api_error', `mock: ${String(error)}`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mock: MockAnthropic = {
    url: `http://127.0.0.1:${port}`,
    script: (more) => void steps.push(...more),
    requests: () => recorded.slice(),
    reset: () => {
      steps = [];
      recorded = [];
      models = DEFAULT_MODELS;
    },
    setModels: (setting) => void (models = setting),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging streams and idle keep-alive sockets would otherwise keep close() waiting.
        server.closeAllConnections();
      }),
  };
  return mock;
}
