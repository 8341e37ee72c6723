/** A scripted reply turned into what a local model "generated": ids in each server's format. */
import { randomBytes, randomInt } from 'node:crypto';
import type { LocalReply } from './types.ts';

export interface PlannedTool {
  id: string;
  name: string;
  input: unknown;
}

export interface Plan {
  thinking: string;
  /** `reasoning` and `text` joined: one text block, as one stream of tokens. */
  text: string;
  tools: PlannedTool[];
  stopReason: 'end_turn' | 'tool_use' | 'max_tokens';
  outputTokens: number;
  /** From the script; otherwise the server's own count is used. */
  inputTokens: number | undefined;
  model: string | undefined;
}

export const hex = (n: number) =>
  randomBytes(Math.ceil(n / 2))
    .toString('hex')
    .slice(0, n);

export function randomChars(n: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

const LOWER_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' + LOWER_DIGITS;

/** Ollama: `msg_` + 24 hex (anthropic.go). */
export const ollamaMessageId = () => `msg_${hex(24)}`;
/** Ollama: `call_` + 8 of [a-z0-9] (routes.go toolCallId). */
export const ollamaToolId = () => `call_${randomChars(8, LOWER_DIGITS)}`;
/** llama.cpp: `chatcmpl-` + 32 alphanumerics. */
export const llamaMessageId = () => `chatcmpl-${randomChars(32, ALNUM)}`;
/** llama.cpp: 32 alphanumerics, no prefix (gen_tool_call_id). */
export const llamaToolId = () => randomChars(32, ALNUM);

export function planReply(spec: LocalReply, toolId: () => string): Plan {
  const text = [spec.reasoning, spec.text].filter(Boolean).join('\n\n');
  const tools = (spec.tools ?? []).map((t) => ({
    id: t.id ?? toolId(),
    name: t.name,
    input: t.input ?? {},
  }));
  const chars =
    (spec.thinking ?? '').length +
    text.length +
    tools.reduce((n, t) => n + JSON.stringify(t.input).length, 0);
  return {
    thinking: spec.thinking ?? '',
    text,
    tools,
    // Both servers report tool_use whenever there are tool calls.
    stopReason: tools.length ? 'tool_use' : (spec.stopReason ?? 'end_turn'),
    outputTokens: spec.usage?.output_tokens ?? Math.max(1, Math.ceil(chars / 4)),
    inputTokens: spec.usage?.input_tokens,
    model: spec.model,
  };
}
