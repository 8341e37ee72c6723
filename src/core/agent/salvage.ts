/**
 * What a model call that failed part-way (a dropped connection, an SSE error, Stop) leaves behind.
 * The person already saw the answer streaming in, so it must stay on the page, marked as cut off,
 * and be stored like any answer; and the model must be told what the person saw, in a history
 * the API still accepts (every tool_use answered, no empty text block).
 */
import type { AgentEvent } from '../events/events.ts';
import type { AssistantBlock, TextBlock, ToolUseBlock, UserBlock } from '../model/messages.ts';
import { field, rawInput, type Tool } from '../tools/tool.ts';
import type { ToolSet } from '../tools/tool-set.ts';
import { callLine } from '../tools/call-lines.ts';
import { CUT_ANSWER_NOTE } from './prompts.ts';
import type { TurnId } from '../ids.ts';

export interface Salvage {
  /** The reply's blocks that arrived whole, for the history (empty when none did). */
  assistant: AssistantBlock[];
  /** Results for the complete output_text calls, and a note naming an answer cut mid-way. */
  user: UserBlock[];
  /** Durable events: the step's reasoning and every answer that was on screen. */
  events: AgentEvent[];
}

/**
 * `partial` holds the text so far and only the tool calls whose input arrived whole (see the
 * model client); `drafts` the answers shown as they streamed, by call id.
 */
export function salvageReply(
  partial: readonly AssistantBlock[],
  drafts: ReadonlyMap<string, string>,
  turnId: TurnId,
  step: number,
  tools: ToolSet,
): Salvage {
  const text = partial.filter((b): b is TextBlock => b.type === 'text' && b.text.trim() !== '');
  // Only the answers (calls of a tool with a preview) are kept from the cut reply's calls: no
  // other call runs once the reply failed.
  const previewOf = (b: AssistantBlock): Tool | undefined => {
    const tool = b.type === 'tool_use' ? tools.byName(b.name) : undefined;
    return tool?.preview && b.type === 'tool_use' && tool.schema.safeParse(b.input).success
      ? tool
      : undefined;
  };
  const answers = partial.filter((b): b is ToolUseBlock => previewOf(b) !== undefined);
  const reasoning = text.map((b) => b.text).join('\n\n');
  const events: AgentEvent[] = reasoning
    ? [{ type: 'reasoning', turnId, step, text: reasoning }]
    : [];
  const user: UserBlock[] = [];
  for (const call of answers) {
    const shown = field(rawInput(call.input), previewOf(call)?.preview ?? '');
    events.push(
      {
        type: 'tool_call',
        turnId,
        callId: call.id,
        tool: call.name,
        input: call.input,
        ...callLine(tools, call.name, call.input),
      },
      { type: 'text', turnId, callId: call.id, text: shown, cutOff: true },
      { type: 'tool_end', turnId, callId: call.id, tool: call.name, isError: false },
    );
    user.push({ type: 'tool_result', tool_use_id: call.id, content: 'Shown to the person.' });
  }
  for (const [callId, shown] of drafts) {
    if (answers.some((a) => a.id === callId) || !shown.trim()) continue;
    events.push({ type: 'text', turnId, callId, text: shown, cutOff: true });
    user.push({ type: 'text', text: CUT_ANSWER_NOTE(shown) });
  }
  return { assistant: [...text, ...answers], user, events };
}
