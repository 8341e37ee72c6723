/**
 * Turns a scripted reply into the Server-Sent Events the Messages API streams, in the API's
 * order and shapes, so the real SDK parses them exactly as it would parse Claude's.
 */
import type { ReplySpec, SseEvent } from './types.ts';

export type { ReplySpec, SseEvent } from './types.ts';

let toolCounter = 0;
let messageCounter = 0;

/** Tool ids unique across the whole test process, like the API's `toolu_…`. */
export function nextToolId(): string {
  toolCounter += 1;
  return `toolu_mock_${toolCounter}`;
}

function nextMessageId(): string {
  messageCounter += 1;
  return `msg_mock_${messageCounter}`;
}

/** Splits by code points (never inside a surrogate pair) into pieces of `size`. */
export function splitEvery(text: string, size: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

/** Several deltas per block, as the API sends them, so clients really have to join them. */
function textPieces(text: string): string[] {
  const length = Array.from(text).length;
  return splitEvery(text, Math.max(1, Math.min(16, Math.ceil(length / 3))));
}

type Block =
  { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

/** The reply's content blocks, with tool ids filled in (fixed once, so stream and ids agree). */
export function replyBlocks(spec: ReplySpec): Block[] {
  const blocks: Block[] = [];
  if (spec.reasoning) blocks.push({ type: 'text', text: spec.reasoning });
  if (spec.text) blocks.push({ type: 'text', text: spec.text });
  for (const tool of spec.tools ?? []) {
    blocks.push({
      type: 'tool_use',
      id: tool.id ?? nextToolId(),
      name: tool.name,
      input: tool.input,
    });
  }
  return blocks;
}

function usageOf(spec: ReplySpec, blocks: Block[]) {
  const chars = blocks.reduce(
    (n, b) => n + (b.type === 'text' ? b.text.length : JSON.stringify(b.input).length),
    0,
  );
  return {
    input_tokens: spec.usage?.input_tokens ?? 100,
    output_tokens: spec.usage?.output_tokens ?? Math.max(1, Math.ceil(chars / 4)),
    cache_read_input_tokens: spec.usage?.cache_read_input_tokens ?? 0,
    cache_creation_input_tokens: spec.usage?.cache_creation_input_tokens ?? 0,
  };
}

function stopReasonOf(spec: ReplySpec): string {
  return spec.stopReason ?? (spec.tools?.length ? 'tool_use' : 'end_turn');
}

function messageShell(spec: ReplySpec, requestModel: string | undefined) {
  return {
    id: nextMessageId(),
    type: 'message',
    role: 'assistant',
    model: spec.model ?? requestModel ?? 'claude-sonnet-5-5',
    content: [] as unknown[],
    stop_reason: null as string | null,
    stop_sequence: null,
  };
}

/** The whole stream for a reply: message_start … message_stop. */
export function replyEvents(spec: ReplySpec, requestModel?: string): SseEvent[] {
  const blocks = replyBlocks(spec);
  const usage = usageOf(spec, blocks);
  const events: SseEvent[] = [];
  const push = (event: string, data: Record<string, unknown>) =>
    events.push({ event, data: { type: event, ...data } });

  // message_start carries the input-side usage; output_tokens is a small running count.
  push('message_start', {
    message: {
      ...messageShell(spec, requestModel),
      usage: {
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens,
        cache_read_input_tokens: usage.cache_read_input_tokens,
        output_tokens: 1,
        service_tier: 'standard',
      },
    },
  });
  push('ping', {});
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      push('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const text of textPieces(block.text)) {
        push('content_block_delta', { index, delta: { type: 'text_delta', text } });
      }
    } else {
      push('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      // The API streams the input as JSON text cut anywhere, even mid-token.
      for (const partial_json of splitEvery(JSON.stringify(block.input ?? {}), 20)) {
        push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
      }
    }
    push('content_block_stop', { index });
  });
  push('message_delta', {
    delta: { stop_reason: stopReasonOf(spec), stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  push('message_stop', {});
  return events;
}

/** The non-streamed Message for the same reply (for `stream: false` requests). */
export function replyMessage(spec: ReplySpec, requestModel?: string): Record<string, unknown> {
  const blocks = replyBlocks(spec);
  return {
    ...messageShell(spec, requestModel),
    content: blocks,
    stop_reason: stopReasonOf(spec),
    usage: { ...usageOf(spec, blocks), service_tier: 'standard' },
  };
}

/** An `error` event as the API sends it mid-stream (e.g. overloaded_error). */
export function errorEvent(type: string, message: string): SseEvent {
  return { event: 'error', data: { type: 'error', error: { type, message } } };
}

/** The wire form of one event. */
export function formatSse(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
