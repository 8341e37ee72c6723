/**
 * llama.cpp's `llama-server` (tools/server): its Anthropic-compatible /v1/messages and model
 * info, per docs/local-model-servers.md §2. One model loaded: it answers whatever name is sent.
 */
import { sendJson, sendStream, sendText } from './http.ts';
import { promptTokens, textPieces } from './prompt.ts';
import { llamaMessageId, llamaToolId, planReply, type Plan } from './reply.ts';
import type { Call, State } from './state.ts';
import type { LocalModel, SseEvent } from './types.ts';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  501: 'not_supported_error',
  503: 'unavailable_error',
};

/** `{error:{code, message, type}}`: not Anthropic's shape (no top-level type, no request_id). */
export function llamaError(status: number, message: string, extra: object = {}): unknown {
  return {
    error: { code: status, message, type: ERROR_TYPES[status] ?? 'server_error', ...extra },
  };
}

/** The loaded model's runtime context: `-c`, default the trained context. */
const contextOf = (state: State) => state.numCtx ?? state.models[0]?.contextLength ?? 4096;

/** The JSON cut into 3+ pieces, as the incremental parser's argument diffs arrive. */
function jsonPieces(json: string): string[] {
  const chars = Array.from(json);
  const size = Math.max(1, Math.floor(chars.length / 3));
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

/**
 * message_start (stop_reason/stop_sequence null, real input_tokens), blocks opened in turn but
 * all closed only at the end in fixed order (thinking with an empty signature_delta, text,
 * tools); tool_use starts with NO `input`; message_delta carries output_tokens only. No ping.
 */
export function llamaEvents(plan: Plan, model: string, inputTokens: number): SseEvent[] {
  const events: SseEvent[] = [];
  const push = (event: string, data: Record<string, unknown> = {}) =>
    events.push({ event, data: { type: event, ...data } });
  push('message_start', {
    message: {
      id: llamaMessageId(),
      type: 'message',
      role: 'assistant',
      content: [],
      model: plan.model ?? model,
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: plan.inputTokens ?? inputTokens, output_tokens: 0 },
    },
  });
  const thinkingIndex = 0;
  const textIndex = plan.thinking ? 1 : 0;
  const toolBase = textIndex + (plan.text ? 1 : 0);
  if (plan.thinking) {
    push('content_block_start', {
      index: thinkingIndex,
      content_block: { type: 'thinking', thinking: '' },
    });
    for (const thinking of textPieces(plan.thinking))
      push('content_block_delta', {
        index: thinkingIndex,
        delta: { type: 'thinking_delta', thinking },
      });
  }
  if (plan.text) {
    push('content_block_start', { index: textIndex, content_block: { type: 'text', text: '' } });
    for (const text of textPieces(plan.text))
      push('content_block_delta', { index: textIndex, delta: { type: 'text_delta', text } });
  }
  plan.tools.forEach((tool, i) => {
    const index = toolBase + i;
    push('content_block_start', {
      index,
      content_block: { type: 'tool_use', id: tool.id, name: tool.name },
    });
    for (const partial_json of jsonPieces(JSON.stringify(tool.input)))
      push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
  });
  if (plan.thinking) {
    push('content_block_delta', {
      index: thinkingIndex,
      delta: { type: 'signature_delta', signature: '' },
    });
    push('content_block_stop', { index: thinkingIndex });
  }
  if (plan.text) push('content_block_stop', { index: textIndex });
  plan.tools.forEach((_, i) => push('content_block_stop', { index: toolBase + i }));
  push('message_delta', {
    delta: { stop_reason: plan.stopReason, stop_sequence: null },
    usage: { output_tokens: plan.outputTokens },
  });
  push('message_stop');
  return events;
}

/** Non-streamed (to_json_anthropic): stop_sequence null, content always an array. */
export function llamaMessage(plan: Plan, model: string, inputTokens: number): unknown {
  const content: unknown[] = [];
  if (plan.thinking) content.push({ type: 'thinking', thinking: plan.thinking, signature: '' });
  if (plan.text) content.push({ type: 'text', text: plan.text });
  for (const t of plan.tools)
    content.push({ type: 'tool_use', id: t.id, name: t.name, input: t.input });
  return {
    id: llamaMessageId(),
    type: 'message',
    role: 'assistant',
    content,
    model: plan.model ?? model,
    stop_reason: plan.stopReason,
    stop_sequence: null,
    usage: { input_tokens: plan.inputTokens ?? inputTokens, output_tokens: plan.outputTokens },
  };
}

interface MessagesBody {
  model?: unknown;
  messages?: unknown;
  stream?: unknown;
}

function messages(call: Call, state: State, countOnly: boolean): void {
  const fail = (status: number, message: string, extra?: object) =>
    sendJson(call.res, status, llamaError(status, message, extra));
  if (!call.body.ok) return fail(400, call.body.error);
  const body = (call.body.value ?? {}) as MessagesBody;
  if (!Array.isArray(body.messages)) return fail(400, "'messages' is required");
  const n_prompt_tokens = promptTokens(body as Parameters<typeof promptTokens>[0]);
  call.record.promptTokens = n_prompt_tokens;
  if (countOnly) return sendJson(call.res, 200, { input_tokens: n_prompt_tokens });
  const n_ctx = contextOf(state);
  // Refused, never truncated.
  if (n_prompt_tokens > n_ctx) {
    const message = 'the request exceeds the available context size, try increasing it';
    return sendJson(call.res, 400, {
      error: { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens, n_ctx },
    });
  }
  const step = state.steps.shift();
  if (!step) return fail(500, 'mock: no scripted reply');
  if ('status' in step) return fail(step.status, step.message);
  const model = typeof body.model === 'string' && body.model ? body.model : modelName(state);
  const plan = planReply('reply' in step ? step.reply : step.truncated.reply, llamaToolId);
  if ('reply' in step && body.stream !== true)
    return sendJson(call.res, 200, llamaMessage(plan, model, n_prompt_tokens));
  let events = llamaEvents(plan, model, n_prompt_tokens);
  if ('truncated' in step) events = events.slice(0, step.truncated.afterEvents);
  sendStream(call.res, { 'content-type': 'text/event-stream' }, events, step.chunkDelayMs);
}

const modelName = (state: State) => state.models[0]?.name ?? 'model.gguf';

function modelsList(state: State) {
  const created = Math.floor(Date.now() / 1000);
  const params = (m: LocalModel) => Math.round((parseFloat(m.parameterSize ?? '8') || 8) * 1e9);
  return {
    object: 'list',
    data: state.models.map((m) => ({
      id: m.name,
      object: 'model',
      created,
      owned_by: 'llamacpp',
      meta: {
        vocab_type: 2,
        n_vocab: 151936,
        n_ctx_train: m.contextLength,
        n_embd: 4096,
        n_params: params(m),
        size: Math.round(params(m) * 0.6),
      },
    })),
    models: state.models.map((m) => ({
      name: m.name,
      model: m.name,
      modified_at: '',
      size: '',
      digest: '',
      type: 'model',
      description: '',
      tags: [''],
      capabilities: ['completion'],
      parameters: '',
      details: {
        parent_model: '',
        format: 'gguf',
        family: '',
        families: [''],
        parameter_size: '',
        quantization_level: '',
      },
    })),
  };
}

function props(state: State) {
  const model = state.models[0];
  return {
    default_generation_settings: {
      n_ctx: contextOf(state),
      params: { n_predict: -1, temperature: 0.8, top_k: 40, top_p: 0.95, stream: false },
    },
    total_slots: 1,
    model_path: `/models/${modelName(state)}.gguf`,
    chat_template: '{{ messages }}',
    modalities: { vision: model?.capabilities.includes('vision') ?? false, audio: false },
    build_info: 'b6500-mock',
  };
}

export function handleLlamaCpp(call: Call, state: State): void {
  const { method, path, res } = call;
  // Any Origin is reflected, on every response; no allow-list.
  if (call.headers.origin) res.setHeader('access-control-allow-origin', call.headers.origin);
  if (method === 'OPTIONS') {
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-methods', 'GET, POST');
    res.setHeader('access-control-allow-headers', '*');
    return sendText(res, 200, '', 'text/html');
  }
  const get = method === 'GET' || method === 'HEAD';
  if (get && (path === '/health' || path === '/v1/health'))
    return sendJson(res, 200, { status: 'ok' });
  if (get && (path === '/v1/models' || path === '/models'))
    return sendJson(res, 200, modelsList(state));
  if (get && path === '/props') return sendJson(res, 200, props(state));
  if (method === 'POST' && path === '/v1/messages') return messages(call, state, false);
  if (method === 'POST' && path === '/v1/messages/count_tokens') return messages(call, state, true);
  sendJson(res, 404, llamaError(404, 'File Not Found'));
}
