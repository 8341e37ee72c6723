/**
 * Local stand-ins for Ollama and llama.cpp's `llama-server`: what each sends on the wire for the
 * Anthropic Messages API and its model-info endpoints, quirks included
 * (docs/local-model-servers.md), for the real SDK in Node tests or a browser. Node `http` only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { lowerHeaders, parseJson, readBody, sendJson } from './http.ts';
import { handleLlamaCpp } from './llamacpp.ts';
import { handleOllama } from './ollama.ts';
import type { Call, State } from './state.ts';
import {
  DEFAULT_MODELS,
  type LocalKind,
  type LocalModel,
  type LocalRecordedRequest,
  type LocalStep,
  type MockLocalOptions,
} from './types.ts';

export type * from './types.ts';
export { DEFAULT_MODELS } from './types.ts';
export { OLLAMA_ALLOW_HEADERS } from './ollama.ts';

export interface MockLocal {
  /** e.g. `http://127.0.0.1:PORT`; pass it to the SDK as `baseURL`. */
  url: string;
  kind: LocalKind;
  /** Appends steps; each POST /v1/messages that passes the server's checks takes the next one. */
  script(steps: LocalStep[]): void;
  requests(): LocalRecordedRequest[];
  /** Forgets steps, requests and loaded models; restores the options given at start. */
  reset(): void;
  setModels(models: LocalModel[]): void;
  setNumCtx(n: number): void;
  setOrigins(origins: string[] | '*'): void;
  close(): Promise<void>;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

export async function startMockLocal(options: MockLocalOptions): Promise<MockLocal> {
  const { kind } = options;
  const host = options.host ?? '127.0.0.1';
  const initial = (): State => ({
    models: options.models ?? DEFAULT_MODELS[kind],
    numCtx: options.numCtx,
    origins: options.origins ?? [],
    legacyTags: options.legacyTags ?? false,
    steps: [],
    used: new Set(),
    loopback: isLoopback(host),
  });
  let state = initial();
  let recorded: LocalRecordedRequest[] = [];

  /** The control API: answered before any CORS, origin or host check. */
  function answerControl(req: IncomingMessage, res: ServerResponse, path: string, body: unknown) {
    if (req.headers.origin) res.setHeader('access-control-allow-origin', req.headers.origin);
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
      res.setHeader('access-control-allow-headers', '*');
      res.writeHead(204);
      return void res.end();
    }
    const ok = (apply: () => void) => {
      apply();
      sendJson(res, 200, { ok: true });
    };
    const post = req.method === 'POST';
    const field = (name: string) => (body as Record<string, unknown> | null)?.[name];
    if (post && path === '/__mock/script' && Array.isArray(body)) {
      mock.script(body as LocalStep[]);
      return sendJson(res, 200, { queued: state.steps.length });
    }
    if (post && path === '/__mock/reset') return ok(mock.reset);
    if (req.method === 'GET' && path === '/__mock/requests') return sendJson(res, 200, recorded);
    if (post && path === '/__mock/models' && Array.isArray(body))
      return ok(() => mock.setModels(body as LocalModel[]));
    if (post && path === '/__mock/num-ctx' && typeof field('numCtx') === 'number')
      return ok(() => mock.setNumCtx(field('numCtx') as number));
    const origins = field('origins');
    if (post && path === '/__mock/origins' && (origins === '*' || Array.isArray(origins)))
      return ok(() => mock.setOrigins(origins as string[] | '*'));
    sendJson(res, 400, { error: `mock: bad control request ${req.method} ${path}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mock');
    const method = req.method ?? 'GET';
    const body = parseJson(await readBody(req));
    if (url.pathname.startsWith('/__mock/'))
      return answerControl(req, res, url.pathname, body.ok ? body.value : null);
    const headers = lowerHeaders(req);
    const record: LocalRecordedRequest = {
      method,
      path: url.pathname,
      query: url.search.slice(1),
      headers,
      body: body.ok ? body.value : null,
      at: Date.now(),
    };
    recorded.push(record);
    const call: Call = { method, path: url.pathname, headers, body, res, record };
    if (kind === 'ollama') handleOllama(call, state);
    else handleLlamaCpp(call, state);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: `mock: ${String(error)}` });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  const mock: MockLocal = {
    url: `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${port}`,
    kind,
    script: (steps) => void state.steps.push(...steps),
    requests: () => recorded.slice(),
    reset: () => {
      state = initial();
      recorded = [];
    },
    setModels: (models) => void (state.models = models),
    setNumCtx: (n) => void (state.numCtx = n),
    setOrigins: (origins) => void (state.origins = origins),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
  return mock;
}
