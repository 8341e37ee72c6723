/**
 * The tools a turn is given (AgentOptions.tools), looked up by name: the loop, its steps and
 * the history's compaction use these, never a module's list, so a test, the report or a smaller
 * set for a small context window runs the same loop (issue 29). Sift's own set is in registry.ts.
 */
import type { Tool } from './tool.ts';

export interface ToolSet {
  /** In the order the model is told about them. */
  readonly list: readonly Tool[];
  byName(name: string): Tool | undefined;
}

/** A set of `tools`; refused when one of them lacks a tool it needs (Tool.needs). */
export function toolSet(tools: readonly Tool[]): ToolSet {
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const tool of tools)
    for (const need of tool.needs ?? [])
      if (!byName.has(need)) throw new Error(`${tool.name} needs ${need} in the same tool set.`);
  return { list: tools, byName: (name) => byName.get(name) };
}
