/**
 * Keeps the request under the token budget (100 k tokens; ARCHITECTURE.md, Lineage). Earlier turns are replaced by
 * a summary of what was asked, queried and answered; if the current turn alone is still too big,
 * older tool results inside it are elided. Only the model's copy shrinks: the page's items come
 * from events and are untouched.
 */
import type { Message, UserBlock } from '../model/messages.ts';
import { clip, rawInput } from '../tools/tool.ts';
import type { ToolSet } from '../tools/tool-set.ts';
import { estimateTokens, type Conversation } from '../model/conversation.ts';

export const TOKEN_BUDGET = 100_000;
/** Earlier turns kept whole besides the current one. */
const KEEP_TURNS = 1;
/** Tool results of the current turn kept whole when eliding. */
const KEEP_RESULTS = 6;
const SUMMARY_CHARS = 8_000;
export const ELIDED =
  '[Result elided to keep the conversation under the token budget; run the query again if you need it.]';

function summarise(messages: Message[], tools: ToolSet, chars: number): string {
  const lines: string[] = [];
  for (const m of messages) {
    for (const b of m.content) {
      if (m.role === 'user' && b.type === 'text') lines.push(`Person: ${clip(b.text, 500)}`);
      if (b.type !== 'tool_use') continue;
      const line = tools.byName(b.name)?.summarise?.(rawInput(b.input));
      if (line) lines.push(line);
    }
  }
  const text = lines.join('\n');
  return `Summary of the earlier conversation (compacted to save tokens; its results are still on the person's screen):\n${clip(text, Math.max(200, chars))}`;
}

export interface Compaction {
  conversation: Conversation;
  turnsSummarised: number;
  tokensBefore: number;
}

/**
 * How a small window is kept (agent/window-fit.ts; issue 32): the size is the last call's count
 * or the estimate of what is about to be sent, whichever is larger (results added since the last
 * call are not in its count); every earlier turn is summarised, and fewer results kept whole
 * until it fits. Without these, Claude's turns compact as they always have.
 */
export interface WindowLimits {
  /** Tokens of the prompt besides the history: system and tools. */
  fixed: number;
  /** Tool results of the current turn kept whole at most. */
  keepResults: number;
}

/** Returns a smaller conversation, or null when it is within the budget. */
export function compact(
  conv: Conversation,
  tools: ToolSet,
  budget = TOKEN_BUDGET,
  window: WindowLimits | null = null,
): Compaction | null {
  const fixed = window?.fixed ?? 0;
  const estimate = (messages: Message[]) => estimateTokens(messages) + fixed;
  const tokensBefore = window
    ? Math.max(conv.lastInputTokens ?? 0, estimate(conv.messages))
    : (conv.lastInputTokens ?? estimateTokens(conv.messages));
  if (tokensBefore <= budget) return null;
  // The summary takes at most a quarter of the budget (8,000 characters for Claude's).
  const summaryChars = Math.min(SUMMARY_CHARS, Math.floor(((budget - fixed) * 3.5) / 4));
  let { messages, turnStarts } = conv;
  let turnsSummarised = 0;
  const keepFrom = turnStarts.length - 1 - (window ? 0 : KEEP_TURNS);
  const cut = keepFrom > 0 ? turnStarts[keepFrom] : undefined;
  if (cut !== undefined && cut > 0) {
    turnsSummarised = keepFrom;
    const first = messages[cut];
    if (first?.role !== 'user') return null;
    // Results of tool calls whose assistant message is summarised away would dangle.
    const kept = first.content.filter((b) => b.type !== 'tool_result');
    const opening: Message = {
      role: 'user',
      content: [
        { type: 'text', text: summarise(messages.slice(0, cut), tools, summaryChars) },
        ...(kept as UserBlock[]),
      ],
    };
    messages = [opening, ...messages.slice(cut + 1)];
    turnStarts = turnStarts.slice(keepFrom).map((i) => i - cut);
  }
  // A small window keeps fewer results whole until it fits, down to the latest one.
  const keeps = window ? Math.max(1, window.keepResults) : KEEP_RESULTS;
  for (let keep = keeps; estimate(messages) > budget && keep >= (window ? 1 : keeps); keep--)
    messages = elideResults(messages, keep) ?? messages;
  // Nothing could be made smaller: say nothing, rather than a compaction note at every step.
  if (messages === conv.messages) return null;
  return {
    conversation: { messages, turnStarts, lastInputTokens: estimate(messages) },
    turnsSummarised,
    tokensBefore,
  };
}

/** The messages with all but the latest results elided, or null when none was long enough. */
function elideResults(messages: Message[], keep: number): Message[] | null {
  let seen = 0;
  let elided = 0;
  const out = [...messages];
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i];
    if (m?.role !== 'user') continue;
    out[i] = {
      role: 'user',
      content: m.content.map((b) => {
        if (b.type !== 'tool_result') return b;
        seen += 1;
        if (seen <= keep || b.content.length <= ELIDED.length) return b;
        elided += 1;
        return { ...b, content: ELIDED };
      }),
    };
  }
  return elided ? out : null;
}
