/**
 * The Anthropic-format history and the rules it must keep: every tool_use answered by a
 * tool_result at the start of the next user message; consecutive user content merged into one
 * message. Functions return new arrays; stored histories are never mutated.
 */
import type { AssistantBlock, Message, TextBlock, ToolResultBlock, UserBlock } from './messages.ts';

export interface Conversation {
  messages: Message[];
  /** Index of the user message that opened each turn. */
  turnStarts: number[];
  /** Total input tokens of the latest model call, to decide on compaction. */
  lastInputTokens: number | null;
}

export function emptyConversation(): Conversation {
  return { messages: [], turnStarts: [], lastInputTokens: null };
}

/** Appends user content, merged into the last message when that is a user message too. */
export function appendUser(messages: Message[], blocks: UserBlock[]): Message[] {
  const last = messages.at(-1);
  if (last?.role === 'user')
    return [...messages.slice(0, -1), { role: 'user', content: [...last.content, ...blocks] }];
  return [...messages, { role: 'user', content: blocks }];
}

export function appendAssistant(messages: Message[], blocks: AssistantBlock[]): Message[] {
  return [...messages, { role: 'assistant', content: blocks }];
}

/** Answers tool calls that never ran (the turn stopped or failed), so the history stays valid. */
export function closeOpenToolUses(messages: Message[], why: string): Message[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return messages;
  const results: ToolResultBlock[] = last.content
    .filter((b) => b.type === 'tool_use')
    .map((b) => ({ type: 'tool_result', tool_use_id: b.id, content: why, is_error: true }));
  return results.length ? appendUser(messages, results) : messages;
}

/**
 * A copy with a cache breakpoint on the last block, so each call reuses the cached prefix of the
 * previous one (the system prompt and tools carry their own breakpoints).
 */
export function withCacheBreakpoint(messages: Message[]): Message[] {
  const last = messages.at(-1);
  if (!last || last.role !== 'user' || last.content.length === 0) return messages;
  const blocks = last.content.map((b, i) =>
    i === last.content.length - 1 ? { ...b, cache_control: { type: 'ephemeral' as const } } : b,
  );
  return [...messages.slice(0, -1), { role: 'user', content: blocks }];
}

/** A rough token count (about 3.5 characters a token for JSON-ish text), for budgeting only. */
/** A reply's text blocks as one text, paragraphs apart: its answer, notes or report. */
export function textOf(blocks: AssistantBlock[]): string {
  return blocks
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n\n');
}

export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / 3.5);
}

/** What stands in the history for an image the model has already seen. */
export const IMAGE_SEEN = '[The image of the chart was shown to you here; it is not kept.]';

/** The messages with every image in a tool result replaced by a note (IMAGE_SEEN). */
export function withoutImages(messages: Message[]): Message[] {
  let changed = false;
  const out = messages.map((m): Message => {
    if (m.role !== 'user') return m;
    return {
      role: 'user',
      content: m.content.map((b) => {
        if (b.type !== 'tool_result' || typeof b.content === 'string') return b;
        if (!b.content.some((c) => c.type === 'image')) return b;
        changed = true;
        const text = b.content.map((c) => (c.type === 'text' ? c.text : IMAGE_SEEN)).join('\n');
        return { ...b, content: text };
      }),
    };
  });
  return changed ? out : messages;
}
