/**
 * Prompt size as the mocks estimate it (characters / 4, images 768 tokens), and Ollama's silent
 * context truncation (server/prompt.go `chatPrompt`): drop the oldest messages until the prompt
 * fits, always keeping the system prompt and the last message.
 */
import { splitEvery } from '../mock-anthropic/sse.ts';

const IMAGE_TOKENS = 768;
/** Tokens a chat template adds per message (role markers); makes the "real" count differ. */
const TEMPLATE_TOKENS_PER_MESSAGE = 4;

interface Size {
  chars: number;
  images: number;
}

function sizeOf(content: unknown): Size {
  if (typeof content === 'string') return { chars: content.length, images: 0 };
  if (!Array.isArray(content)) return { chars: 0, images: 0 };
  const size: Size = { chars: 0, images: 0 };
  for (const block of content as Array<Record<string, unknown>>) {
    let add: Size = { chars: 0, images: 0 };
    if (block?.type === 'image') add = { chars: 0, images: 1 };
    else if (typeof block?.text === 'string') add = sizeOf(block.text);
    else if (typeof block?.thinking === 'string') add = sizeOf(block.thinking);
    else if (block?.type === 'tool_use')
      add = {
        chars: String(block.name).length + JSON.stringify(block.input ?? {}).length,
        images: 0,
      };
    else if (block?.type === 'tool_result') add = sizeOf(block.content);
    size.chars += add.chars;
    size.images += add.images;
  }
  return size;
}

const tokens = (s: Size) => Math.ceil(s.chars / 4) + s.images * IMAGE_TOKENS;

interface RequestShape {
  system?: unknown;
  tools?: unknown;
  messages?: Array<{ content?: unknown }>;
}

/** The fixed part of the prompt: system text and the tools' JSON. */
function fixedTokens(body: RequestShape): number {
  const tools = Array.isArray(body.tools) && body.tools.length ? JSON.stringify(body.tools) : '';
  return tokens(sizeOf(body.system)) + tokens(sizeOf(tools));
}

/** Ollama's message_start estimate: all characters of the request / 4 (no template). */
export function estimateTokens(body: RequestShape): number {
  const messages = body.messages ?? [];
  return fixedTokens(body) + messages.reduce((n, m) => n + tokens(sizeOf(m.content)), 0);
}

/** The "rendered" prompt's tokens: the estimate plus a few template tokens per message. */
export function promptTokens(body: RequestShape, from = 0): number {
  const messages = (body.messages ?? []).slice(from);
  return (
    fixedTokens(body) +
    messages.reduce((n, m) => n + tokens(sizeOf(m.content)) + TEMPLATE_TOKENS_PER_MESSAGE, 0)
  );
}

/** Ollama: how many messages are kept and the prompt's real token count. */
export function truncateToFit(
  body: RequestShape,
  numCtx: number,
): { dropped: number; promptTokens: number } {
  const count = body.messages?.length ?? 0;
  let from = 0;
  while (from < count - 1 && promptTokens(body, from) > numCtx) from += 1;
  // Still too long with only the last message: the runner shifts context, so at most numCtx.
  return { dropped: from, promptTokens: Math.min(promptTokens(body, from), numCtx) };
}

/** Several deltas per text, roughly per token, bounded for long texts. */
export function textPieces(text: string): string[] {
  return splitEvery(text, Math.max(4, Math.ceil(Array.from(text).length / 24)));
}
