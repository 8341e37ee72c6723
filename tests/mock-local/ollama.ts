/**
 * Ollama's routes (server/routes.go GenerateRoutes), behind its CORS (gin-contrib/cors v1.7.2)
 * and host checks, per docs/local-model-servers.md §1.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { isIP } from 'node:net';
import { sendEmpty, sendJson, sendStream, sendText } from './http.ts';
import { ollamaError, ollamaEvents, ollamaMessage } from './ollama-wire.ts';
import { estimateTokens, truncateToFit } from './prompt.ts';
import { ollamaToolId, planReply } from './reply.ts';
import type { Call, State } from './state.ts';
import type { LocalModel } from './types.ts';

export const OLLAMA_VERSION = '0.33.0';
const LEGACY_VERSION = '0.24.0';

/** Always allowed, besides OLLAMA_ORIGINS (envconfig AllowedOrigins). */
const DEFAULT_ORIGINS = [
  ...['localhost', '127.0.0.1', '0.0.0.0'].flatMap((h) =>
    ['http', 'https'].flatMap((s) => [`${s}://${h}`, `${s}://${h}:*`]),
  ),
  ...['app', 'file', 'tauri', 'vscode-webview', 'vscode-file'].map((s) => `${s}://*`),
];

/** gin-contrib/cors' fixed list: NOT the requested headers, so x-api-key etc. are refused. */
export const OLLAMA_ALLOW_HEADERS =
  'Authorization,Content-Type,User-Agent,Accept,X-Requested-With,Openai-Beta,X-Stainless-Arch,' +
  'X-Stainless-Async,X-Stainless-Custom-Poll-Interval,X-Stainless-Helper-Method,X-Stainless-Lang,' +
  'X-Stainless-Os,X-Stainless-Package-Version,X-Stainless-Poll-Helper,X-Stainless-Retry-Count,' +
  'X-Stainless-Runtime,X-Stainless-Runtime-Version,X-Stainless-Timeout';

/** Exact, or one `*` wildcard (gin-contrib's AllowWildcard: prefix and suffix around it). */
function matches(pattern: string, origin: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === origin;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  return (
    origin.length >= prefix.length + suffix.length &&
    origin.startsWith(prefix) &&
    origin.endsWith(suffix)
  );
}

/** True when the CORS layer answered (403, or the preflight's 204). */
function cors(call: Call, state: State): boolean {
  const origin = call.headers.origin;
  const host = call.headers.host ?? '';
  if (!origin || origin === `http://${host}` || origin === `https://${host}`) return false;
  const all = state.origins === '*' || state.origins.includes('*');
  const allowed =
    all || [...DEFAULT_ORIGINS, ...(state.origins as string[])].some((p) => matches(p, origin));
  if (!allowed) {
    sendEmpty(call.res, 403);
    return true;
  }
  const res = call.res;
  res.setHeader('access-control-allow-origin', all ? '*' : origin);
  if (call.method !== 'OPTIONS') {
    if (!all) res.setHeader('vary', 'Origin');
    return false;
  }
  if (!all)
    res.setHeader('vary', [
      'Origin',
      'Access-Control-Request-Method',
      'Access-Control-Request-Headers',
    ]);
  res.setHeader('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS');
  res.setHeader('access-control-allow-headers', OLLAMA_ALLOW_HEADERS);
  res.setHeader('access-control-max-age', '43200');
  sendEmpty(res, 204);
  return true;
}

/** allowedHostsMiddleware: on loopback, Host must be an IP, localhost, the hostname, *.local… */
function hostAllowed(hostHeader: string): boolean {
  const host = hostHeader
    .replace(/^\[(.*)\](:\d+)?$/, '$1')
    .replace(/:\d+$/, '')
    .toLowerCase();
  if (host === '' || host === 'localhost' || isIP(host)) return true;
  if (host === hostname().toLowerCase()) return true;
  return ['localhost', 'local', 'internal'].some((tld) => host.endsWith(`.${tld}`));
}

const withTag = (name: string) => (/:[^/]*$/.test(name) ? name : `${name}:latest`);
const find = (state: State, name: string) =>
  state.models.find((m) => withTag(m.name) === withTag(name));
const familyOf = (m: LocalModel) => m.family ?? m.name.replace(/^.*\//, '').replace(/:.*$/, '');
const digestOf = (m: LocalModel) => createHash('sha256').update(m.name).digest('hex');
const sizeOf = (m: LocalModel) => Math.round((parseFloat(m.parameterSize ?? '8') || 8) * 6e8);
/** Newest first: the list order is the recency order. */
const modifiedAt = (state: State, m: LocalModel) =>
  new Date(Date.UTC(2026, 7, 1, 12) - state.models.indexOf(m) * 3_600_000)
    .toISOString()
    .replace('.000Z', 'Z');

function details(m: LocalModel, legacy: boolean) {
  return {
    parent_model: '',
    format: 'gguf',
    family: familyOf(m),
    families: [familyOf(m)],
    parameter_size: m.parameterSize ?? '8.0B',
    quantization_level: m.quantization ?? 'Q4_K_M',
    ...(legacy ? {} : { context_length: m.contextLength, embedding_length: 4096 }),
  };
}

function tagsEntry(state: State, m: LocalModel) {
  return {
    name: m.name,
    model: m.name,
    modified_at: modifiedAt(state, m),
    size: sizeOf(m),
    digest: digestOf(m),
    details: details(m, state.legacyTags),
    ...(state.legacyTags ? {} : { capabilities: m.capabilities }),
    ...(m.remoteHost
      ? { remote_model: m.name.replace(/-cloud$/, ''), remote_host: m.remoteHost }
      : {}),
  };
}

function show(call: Call, state: State): void {
  const body = (call.body.ok ? call.body.value : null) as { model?: string; name?: string } | null;
  const name = body?.model || body?.name;
  if (!name) return sendJson(call.res, 400, { error: 'model is required' });
  const m = find(state, name);
  if (!m) return sendJson(call.res, 404, { error: `model '${name}' not found` });
  const arch = familyOf(m);
  sendJson(call.res, 200, {
    modelfile: `# Modelfile generated by "ollama show"\nFROM ${m.name}\n`,
    parameters: 'stop                           "<|im_end|>"',
    template: '{{ .Prompt }}',
    details: details(m, false),
    model_info: {
      'general.architecture': arch,
      'general.parameter_count': sizeOf(m) * 1.6,
      [`${arch}.context_length`]: m.contextLength,
      [`${arch}.embedding_length`]: 4096,
    },
    ...(m.capabilities.includes('vision')
      ? { projector_info: { 'clip.has_vision_encoder': true } }
      : {}),
    capabilities: m.capabilities,
    modified_at: modifiedAt(state, m),
  });
}

/** The runtime context of a model: num_ctx, capped at its trained context (effectiveContext). */
const contextOf = (state: State, m: LocalModel) => Math.min(state.numCtx ?? 4096, m.contextLength);

function openAiModel(state: State, m: LocalModel) {
  const slash = m.name.indexOf('/');
  return {
    id: m.name,
    object: 'model',
    created: Math.floor(Date.parse(modifiedAt(state, m)) / 1000),
    owned_by: slash > 0 ? m.name.slice(0, slash) : 'library',
  };
}

interface MessagesBody {
  model?: unknown;
  max_tokens?: unknown;
  messages?: Array<{ content?: unknown }>;
  tools?: unknown[];
  stream?: unknown;
  thinking?: { type?: string };
}

/** The source type of the first image that is not base64 (only base64 is converted). */
function badImageSource(messages: Array<{ content?: unknown }>): string | undefined {
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content as Array<{ type?: string; source?: { type?: string } }>)
      if (b?.type === 'image' && b.source?.type !== 'base64') return String(b.source?.type);
  }
  return undefined;
}

/** POST /v1/messages: the middleware's checks in order, the chat handler's, then the script. */
function messages(call: Call, state: State): void {
  const fail = (status: number, message: string) =>
    sendJson(call.res, status, ollamaError(status, message));
  if (!call.body.ok) return fail(400, call.body.error);
  // Go's decoder on an empty body.
  if (call.body.value === null) return fail(400, 'EOF');
  const body = call.body.value as MessagesBody;
  if (typeof body.model !== 'string' || body.model === '') return fail(400, 'model is required');
  if (typeof body.max_tokens !== 'number' || body.max_tokens <= 0)
    return fail(400, 'max_tokens is required and must be positive');
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return fail(400, 'messages is required');
  const source = badImageSource(body.messages);
  if (source)
    return fail(400, `invalid image source type: ${source}. Only base64 images are supported.`);
  const model = find(state, body.model);
  if (!model) return fail(404, `model '${body.model}' not found`);
  if (Array.isArray(body.tools) && body.tools.length && !model.capabilities.includes('tools')) {
    const full = model.name.includes('/') ? model.name : `library/${model.name}`;
    return fail(400, `registry.ollama.ai/${withTag(full)} does not support tools`);
  }
  state.used.add(model.name);
  // Silent truncation: only the recorded request (and usage.input_tokens) shows it.
  const fit = truncateToFit(body, contextOf(state, model));
  if (fit.dropped > 0) call.record.truncated = true;
  call.record.promptTokens = fit.promptTokens;
  const usage = { estimate: Math.floor(estimateTokens(body)), promptTokens: fit.promptTokens };

  const step = state.steps.shift();
  if (!step) return fail(500, 'mock: no scripted reply');
  if ('status' in step) return fail(step.status, step.message);
  const spec = 'reply' in step ? step.reply : step.truncated.reply;
  // A thinking model thinks unless told not to (Think defaults to true); for any other model a
  // request for thinking is quietly dropped (relax_thinking), never a 400.
  const thinks = model.capabilities.includes('thinking') && body.thinking?.type !== 'disabled';
  const plan = planReply(thinks ? spec : { ...spec, thinking: undefined }, ollamaToolId);
  if ('reply' in step && body.stream !== true)
    return sendJson(call.res, 200, ollamaMessage(plan, body.model, usage));
  let events = ollamaEvents(plan, body.model, usage);
  if ('truncated' in step) events = events.slice(0, step.truncated.afterEvents);
  sendStream(
    call.res,
    { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' },
    events,
    step.chunkDelayMs,
  );
}

export function handleOllama(call: Call, state: State): void {
  if (cors(call, state)) return;
  if (state.loopback && !hostAllowed(call.headers.host ?? '')) return sendEmpty(call.res, 403);
  const { method, path, res } = call;
  const get = method === 'GET' || method === 'HEAD';
  if (method === 'OPTIONS') return sendEmpty(res, 204);
  if (get && path === '/') return sendText(res, 200, 'Ollama is running');
  if (get && path === '/api/version')
    return sendJson(res, 200, { version: state.legacyTags ? LEGACY_VERSION : OLLAMA_VERSION });
  if (get && path === '/api/tags')
    return sendJson(res, 200, { models: state.models.map((m) => tagsEntry(state, m)) });
  if (method === 'POST' && path === '/api/show') return show(call, state);
  if (get && path === '/api/ps') {
    const loaded = state.models.filter((m) => state.used.has(m.name));
    const expires = new Date(Date.now() + 300_000).toISOString();
    return sendJson(res, 200, {
      models: loaded.map((m) => ({
        name: m.name,
        model: m.name,
        size: sizeOf(m),
        digest: digestOf(m),
        details: details(m, state.legacyTags),
        expires_at: expires,
        size_vram: sizeOf(m),
        context_length: contextOf(state, m),
      })),
    });
  }
  if (get && path === '/v1/models')
    return sendJson(res, 200, {
      object: 'list',
      data: state.models.map((m) => openAiModel(state, m)),
    });
  if (get && path.startsWith('/v1/models/')) {
    const name = decodeURIComponent(path.slice('/v1/models/'.length));
    const m = find(state, name);
    if (m) return sendJson(res, 200, openAiModel(state, m));
    const error = {
      message: `model '${name}' not found`,
      type: 'api_error',
      param: null,
      code: null,
    };
    return sendJson(res, 404, { error });
  }
  if (method === 'POST' && path === '/v1/messages') return messages(call, state);
  sendText(res, 404, '404 page not found');
}
