/**
 * Zod schemas for the message history (messages.ts, agent/history.ts), so a history read back
 * from outside (an imported session) is checked before it is sent to the API, plus the API's
 * ordering rules that a schema cannot express (checkHistory).
 */
import { z } from 'zod';
import type { Conversation } from './conversation.ts';
import type {
  AssistantBlock,
  CacheControl,
  ImageBlock,
  Message,
  RedactedThinkingBlock,
  TextBlock,
  ThinkingBlock,
  ToolResultBlock,
  ToolUseBlock,
  UserBlock,
} from './messages.ts';

const cacheControl = z.object({ type: z.literal('ephemeral') });

export const textBlock = z.object({
  type: z.literal('text'),
  text: z.string(),
  cache_control: cacheControl.optional(),
});

export const toolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string(),
  input: z.unknown(),
});

/** Base64 PNG starts with the PNG signature, \x89PNG\r\n\x1a\n. */
const PNG_BASE64 = /^iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/;
/** Largest image sent: a chart at the size Sift draws it is a few tens of kilobytes. */
export const MAX_IMAGE_BASE64 = 2_000_000;

export const imageBlock = z.object({
  type: z.literal('image'),
  source: z.strictObject({
    type: z.literal('base64'),
    media_type: z.literal('image/png'),
    data: z.string().max(MAX_IMAGE_BASE64).regex(PNG_BASE64),
  }),
});

export const toolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([
    z.string(),
    z.array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('text'), text: z.string() }),
        imageBlock,
      ]),
    ),
  ]),
  is_error: z.boolean().optional(),
  cache_control: cacheControl.optional(),
});

export const thinkingBlock = z.object({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});

export const redactedThinkingBlock = z.object({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});

export const userBlock = z.discriminatedUnion('type', [textBlock, toolResultBlock]);
export const assistantBlock = z.discriminatedUnion('type', [
  textBlock,
  toolUseBlock,
  thinkingBlock,
  redactedThinkingBlock,
]);

export const message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: z.array(userBlock) }),
  z.object({ role: z.literal('assistant'), content: z.array(assistantBlock) }),
]);

export const conversation = z.object({
  messages: z.array(message),
  turnStarts: z.array(z.number().int().nonnegative()),
  lastInputTokens: z.number().nullable(),
});

// The schemas and the interfaces must describe the same values: if either side gains or loses a
// field or a block type, one of these lines stops compiling.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type SchemaMatchesInterfaces = [
  Assert<Same<z.infer<typeof cacheControl>, CacheControl>>,
  Assert<Same<z.infer<typeof textBlock>, TextBlock>>,
  Assert<Same<z.infer<typeof toolUseBlock>, ToolUseBlock>>,
  Assert<Same<z.infer<typeof imageBlock>, ImageBlock>>,
  Assert<Same<z.infer<typeof toolResultBlock>, ToolResultBlock>>,
  Assert<Same<z.infer<typeof thinkingBlock>, ThinkingBlock>>,
  Assert<Same<z.infer<typeof redactedThinkingBlock>, RedactedThinkingBlock>>,
  Assert<Same<z.infer<typeof userBlock>, UserBlock>>,
  Assert<Same<z.infer<typeof assistantBlock>, AssistantBlock>>,
  Assert<Same<z.infer<typeof message>, Message>>,
  Assert<Same<z.infer<typeof conversation>, Conversation>>,
];

/**
 * The first way the history breaks the Messages API's rules, in words, or null when it keeps
 * them. The API would refuse such a history at the next question, long after the import that
 * brought it in, so an import checks it up front.
 */
export function checkHistory(conv: Conversation): string | null {
  const { messages, turnStarts } = conv;
  for (const [i, m] of messages.entries()) {
    const at = `message ${i + 1}`;
    const expected = i % 2 === 0 ? 'user' : 'assistant';
    if (m.role !== expected)
      return i === 0
        ? 'the first message is not from the user'
        : `${at} follows another ${m.role} message (the roles must alternate)`;
    const prev = messages[i - 1];
    const next = messages[i + 1];
    if (m.role === 'assistant') {
      const answered = new Set(
        next?.role === 'user'
          ? next.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []))
          : [],
      );
      const seen = new Set<string>();
      for (const b of m.content) {
        if (b.type !== 'tool_use') continue;
        if (seen.has(b.id)) return `${at} has two tool calls with the id "${b.id}"`;
        seen.add(b.id);
        if (!answered.has(b.id))
          return `a tool call has no result (${b.name}, id "${b.id}", in ${at})`;
      }
    } else {
      const called = new Set(
        prev?.role === 'assistant'
          ? prev.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))
          : [],
      );
      const seen = new Set<string>();
      for (const b of m.content) {
        if (b.type !== 'tool_result') continue;
        if (!called.has(b.tool_use_id))
          return `${at} has a tool result for "${b.tool_use_id}", which the message before it did not call`;
        if (seen.has(b.tool_use_id)) return `${at} answers the tool call "${b.tool_use_id}" twice`;
        seen.add(b.tool_use_id);
      }
    }
  }
  let last = 0;
  for (const [k, i] of turnStarts.entries()) {
    if (!Number.isInteger(i) || i < 0) return `turn ${k + 1} starts at ${i}, not a message index`;
    const at = `turn ${k + 1} starts at message ${i + 1}`;
    if (i >= messages.length) return `${at}, but there are only ${messages.length} messages`;
    if (messages[i]!.role !== 'user') return `${at}, which is not a user message`;
    // A turn that stopped before the model replied shares its start with the next turn.
    if (i < last) return `${at}, before the turn ahead of it`;
    last = i;
  }
  return null;
}
