/**
 * Calls a small local model wrote as JSON in its text instead of as tool_use blocks (issue 32):
 * turned into the calls they meant, for the step to run (step.ts), or recognised as an attempt
 * the model is told how to make properly (stop-conditions.ts, unreadableCall).
 */
import { textOf } from '../model/conversation.ts';
import type { AssistantBlock, ToolUseBlock } from '../model/messages.ts';
import { toolCallsInText } from './text-tool-calls.ts';
import type { TurnScope } from './turn-types.ts';

/** JSON of a call's shape that names no tool or could not be read (text-tool-calls.ts). */
export const looksLikeCall = (text: string) =>
  /<tool_call>|\[TOOL_CALLS\]|"(?:arguments|parameters)"\s*:/.test(text);

/**
 * The reply with calls written in its text turned into tool_use blocks, or null when it has
 * real calls or none written: the history then holds the calls as if sent properly, so their
 * results answer them, and the first result tells the model how to call tools next time.
 */
export function callsWrittenAsText(
  blocks: AssistantBlock[],
  turn: TurnScope,
  step: number,
): AssistantBlock[] | null {
  if (blocks.some((b) => b.type === 'tool_use')) return null;
  const { calls, rest } = toolCallsInText(
    textOf(blocks),
    turn.tools.list.map((t) => t.name),
  );
  if (calls.length === 0) return null;
  const uses: ToolUseBlock[] = calls.map((c, i) => ({
    type: 'tool_use',
    id: `${turn.turnId}-text-call-${step}-${i + 1}`,
    name: c.name,
    input: c.input,
  }));
  turn.writtenCalls.add(uses[0]!.id);
  const kept = blocks.filter((b) => b.type !== 'text');
  return [...kept, ...(rest.trim() ? [{ type: 'text' as const, text: rest }] : []), ...uses];
}
