/**
 * What the page says of a tool call — the tool's name in plain words and the call's one line in
 * the activity trail — written into its `tool_call` event by the loop, from the tools the turn was
 * given, so that no view looks a tool up (issue 47). Sessions stored before events carried them
 * get them here when they open, from the tools the app was built with.
 */
import type { AgentEvent } from '../events/events.ts';
import { rawInput } from './tool.ts';
import type { ToolSet } from './tool-set.ts';

/** A call of `tool` with `input`, as the trail shows it; a tool not in `tools` is named as it was. */
export function callLine(tools: ToolSet, tool: string, input: unknown) {
  const known = tools.byName(tool);
  return { label: known?.label ?? tool, line: known?.describe(rawInput(input)) ?? tool };
}

/** `events` with every call given its label and line (stored ones may lack them). */
export function withCallLines(events: readonly AgentEvent[], tools: ToolSet): AgentEvent[] {
  return events.map((e) =>
    e.type === 'tool_call' && e.line === undefined
      ? { ...e, ...callLine(tools, e.tool, e.input) }
      : e,
  );
}
