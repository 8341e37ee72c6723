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

/** How a window is kept (agent/window-fit.ts): small windows compact sooner and keep less. */
export interface CompactionLimits {
  /** Tokens of the prompt besides the history: system and tools. */
  fixed?: number;
  /** Tool results of the current turn kept whole. */
  keepResults?: number;
}

/**
 * Returns a smaller conversation, or null when it is within the budget. The size is the last
 * call's count or the estimate of what is about to be sent, whichever is larger: results added
 * since the last call are not in its count.
 */
export function compact(
  conv: Conversation,
  tools: ToolSet,
  budget = TOKEN_BUDGET,
  { fixed = 0, keepResults = KEEP_RESULTS }: CompactionLimits = {},
): Compaction | null {
  const estimate = (messages: Message[]) => estimateTokens(messages) + fixed;
  const tokensBefore = Math.max(conv.lastInputTokens ?? 0, estimate(conv.messages));
  if (tokensBefore <= budget) return null;
  // The summary takes at most a quarter of the budget (8,000 characters for Claude's).
  const summaryChars = Math.min(SUMMARY_CHARS, Math.floor(((budget - fixed) * 3.5) / 4));
  let { messages, turnStarts } = conv;
  let turnsSummarised = 0;
  const keepFrom = turnStarts.length - 1 - KEEP_TURNS;
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
  // Fewer results kept whole until it fits: a small window may hold only the latest one.
  for (let keep = keepResults; keep >= 1 && estimate(messages) > budget; keep--)
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
