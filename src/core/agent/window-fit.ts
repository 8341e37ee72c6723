/**
 * Fitting a turn into the model's context window (issue 32). Ollama cuts a prompt longer than its
 * context from the front without a word (server/prompt.go, chatPrompt; its default is 4,096
 * tokens on most laptops), which would drop the system prompt and the question; llama.cpp refuses
 * it. So Sift sizes everything it sends to the window it was told: below COMPACT_BELOW a shorter
 * prompt, the tools a small model needs and no more, smaller results and replies, and compaction
 * that starts early; and a window too small for even that is refused before anything is sent.
 */
import { estimateTokens } from '../model/conversation.ts';
import type { TextBlock, ToolSpec } from '../model/messages.ts';
import { MODEL_MAX_BYTES, MODEL_MAX_ROWS } from '../data/compact-result.ts';
import { toolSet, type ToolSet } from '../tools/tool-set.ts';
import { TOKEN_BUDGET } from './compact.ts';

/** Below this many tokens the compact prompt and tool set are used. */
export const COMPACT_BELOW = 16_000;
/** The reply's share of a small window, and its bounds. */
const REPLY_SHARE = 0.2;
/** The least a reply is given; a prompt that leaves less ends the turn (step.ts). */
export const MIN_REPLY = 400;
const FULL_REPLY = 16_000;
/** Room the history needs beyond prompt, tools and reply: a question, a query and its result. */
export const MIN_HISTORY = 900;
/**
 * Estimates are characters / 3.5 (conversation.ts); a local model's tokenizer and chat template
 * (which wraps each tool definition in its own text) count more. Measured on qwen3's template:
 * the rendered tool block is about 1.15× the JSON Sift sends.
 */
const TEMPLATE_SLACK = 1.2;

/**
 * The compact set of the tools a turn was given: those with a step in the short routine
 * (Tool.guidance.compact — query, check, draw, say, end).
 */
export function compactToolSet(tools: ToolSet): ToolSet {
  return toolSet(tools.list.filter((t) => t.guidance?.compact !== undefined));
}

/** How a turn is sized to its window. */
export interface WindowFit {
  /** The window in tokens; null for Claude's, which Sift does not measure against. */
  window: number | null;
  /** The compact prompt and tool set. */
  compact: boolean;
  tools: ToolSet;
  /** max_tokens of each call. */
  maxTokens: number;
  /** Compaction starts when the whole prompt (system, tools, history) passes this. */
  tokenBudget: number;
  /** What of a query result the model reads back. */
  resultLimits: { rows: number; bytes: number };
  /** Tool results of the current turn kept whole when the history is compacted. */
  keepResults: number;
}

/** Tokens the system prompt and tool definitions take, as a local model counts them. */
export function fixedTokens(system: TextBlock[], tools: ToolSpec[]): number {
  return Math.ceil((estimateTokens(system) + estimateTokens(tools)) * TEMPLATE_SLACK);
}

/** Claude's sizes, as Sift has always sent them, with all of `tools`. */
export const fullFit = (tools: ToolSet): WindowFit => ({
  window: null,
  compact: false,
  tools,
  maxTokens: FULL_REPLY,
  tokenBudget: TOKEN_BUDGET,
  resultLimits: { rows: MODEL_MAX_ROWS, bytes: MODEL_MAX_BYTES },
  keepResults: 6,
});

/**
 * The sizes for a window of `window` tokens (null: unknown, taken as Claude's) of a turn given
 * `given`, with `fixed` telling how much the prompt and tools of a set take. A small window gets
 * the compact set of `given`; one too small even for that gives a reason to show the person.
 */
export function fitWindow(
  window: number | null,
  given: ToolSet,
  fixed: (tools: ToolSet, compact: boolean) => number,
): WindowFit | { tooSmall: string; needs: number } {
  if (window === null || window >= 2 * TOKEN_BUDGET) return fullFit(given);
  const compact = window < COMPACT_BELOW;
  const tools = compact ? compactToolSet(given) : given;
  const maxTokens = compact
    ? Math.max(MIN_REPLY, Math.round(window * REPLY_SHARE))
    : Math.min(FULL_REPLY, Math.round(window / 4));
  const prompt = fixed(tools, compact);
  const needs = prompt + maxTokens + MIN_HISTORY;
  if (window < needs)
    return {
      needs,
      tooSmall:
        `This model’s context window is ${count(window)} tokens, and Sift needs at least ` +
        `${count(roundUp(needs))}: its instructions and tools take about ${count(prompt)}, and a ` +
        'question, a query and an answer need room too. Give the model a larger context ' +
        '(Ollama: set OLLAMA_CONTEXT_LENGTH=8192 or more and restart it; llama.cpp: --ctx-size 8192), ' +
        'then set the same number in Model settings.',
    };
  const room = window - maxTokens - prompt;
  return {
    window,
    compact,
    tools,
    maxTokens,
    tokenBudget: Math.min(TOKEN_BUDGET, prompt + Math.floor(room * 0.85)),
    // A result takes at most a third of what the history has.
    resultLimits: compact
      ? { rows: 20, bytes: Math.max(600, Math.min(MODEL_MAX_BYTES, Math.floor(room * 1.2))) }
      : { rows: MODEL_MAX_ROWS, bytes: Math.min(MODEL_MAX_BYTES, Math.floor(room * 1.2)) },
    keepResults: compact ? 2 : 6,
  };
}

const count = (n: number) => n.toLocaleString('en-US');
const roundUp = (n: number) => Math.ceil(n / 512) * 512;
