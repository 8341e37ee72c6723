/**
 * What Ollama's Anthropic layer writes (anthropic/anthropic.go, middleware/anthropic.go), per
 * docs/local-model-servers.md §1.3–1.5.
 */
import { hex, ollamaMessageId, type Plan } from './reply.ts';
import { textPieces } from './prompt.ts';
import type { SseEvent } from './types.ts';

export interface OllamaUsage {
  /** message_start: characters / 4 of the whole request (EstimateCountTokens). */
  estimate: number;
  /** message_delta and non-streamed usage: prompt_eval_count, after truncation. */
  promptTokens: number;
}

/**
 * The stream: message_start (no stop_reason/stop_sequence keys), thinking (no signature), text
 * (closed before any tool), each tool as start with `input:{}` + ONE input_json_delta with the
 * whole JSON + stop, then message_delta with input AND output tokens, message_stop. No ping.
 */
export function ollamaEvents(plan: Plan, model: string, usage: OllamaUsage): SseEvent[] {
  const events: SseEvent[] = [];
  const push = (event: string, data: Record<string, unknown> = {}) =>
    events.push({ event, data: { type: event, ...data } });
  push('message_start', {
    message: {
      id: ollamaMessageId(),
      type: 'message',
      role: 'assistant',
      model: plan.model ?? model,
      content: [],
      usage: { input_tokens: usage.estimate, output_tokens: 0 },
    },
  });
  let index = 0;
  let open = false;
  const close = () => {
    if (open) push('content_block_stop', { index: index++ });
    open = false;
  };
  if (plan.thinking) {
    push('content_block_start', { index, content_block: { type: 'thinking', thinking: '' } });
    open = true;
    for (const thinking of textPieces(plan.thinking))
      push('content_block_delta', { index, delta: { type: 'thinking_delta', thinking } });
  }
  if (plan.text) {
    close(); // the thinking block ends when text begins
    push('content_block_start', { index, content_block: { type: 'text', text: '' } });
    open = true;
    for (const text of textPieces(plan.text))
      push('content_block_delta', { index, delta: { type: 'text_delta', text } });
  }
  for (const tool of plan.tools) {
    close(); // any open text block is closed before a tool call
    push('content_block_start', {
      index,
      content_block: { type: 'tool_use', id: tool.id, name: tool.name, input: {} },
    });
    const partial_json = JSON.stringify(tool.input);
    push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    push('content_block_stop', { index: index++ });
  }
  close();
  push('message_delta', {
    delta: { stop_reason: plan.stopReason },
    usage: {
      input_tokens: plan.inputTokens ?? usage.promptTokens,
      output_tokens: plan.outputTokens,
    },
  });
  push('message_stop');
  return events;
}

/** `stream` false or absent: ToMessagesResponse. No stop_sequence; empty content is null. */
export function ollamaMessage(plan: Plan, model: string, usage: OllamaUsage): unknown {
  const content: unknown[] = [];
  if (plan.thinking) content.push({ type: 'thinking', thinking: plan.thinking });
  if (plan.text) content.push({ type: 'text', text: plan.text });
  for (const t of plan.tools)
    content.push({ type: 'tool_use', id: t.id, name: t.name, input: t.input });
  return {
    id: ollamaMessageId(),
    type: 'message',
    role: 'assistant',
    model: plan.model ?? model,
    content: content.length ? content : null,
    stop_reason: plan.stopReason,
    usage: {
      input_tokens: plan.inputTokens ?? usage.promptTokens,
      output_tokens: plan.outputTokens,
    },
  };
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

/** Every non-200 from the chat handler, rewritten by the Anthropic middleware (NewError). */
export function ollamaError(status: number, message: string): unknown {
  return {
    type: 'error',
    error: { type: ERROR_TYPES[status] ?? 'api_error', message },
    request_id: `req_${hex(24)}`,
  };
}
