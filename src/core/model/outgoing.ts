/**
 * The last look at a request before it leaves for the model endpoint. The Messages API can fetch
 * things on the caller's behalf — image and document blocks with a `url` source, server tools
 * such as web fetch or web search, MCP servers — and any of those would carry data, or the
 * model's steering, to a third host. Sift's messages have no such shapes by type; this check
 * holds the line at run time too, for histories read back from storage or an imported file.
 */
import { message } from './messages-schema.ts';
import type { Message, ToolSpec } from './messages.ts';

const TOOL_KEYS = new Set(['name', 'description', 'input_schema', 'cache_control']);

/** Why `messages` and `tools` may not be sent, or null when they may. */
export function outgoingProblem(messages: Message[], tools: ToolSpec[]): string | null {
  for (const [i, m] of messages.entries()) {
    const parsed = message.safeParse(m);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `message ${i} holds content Sift never sends (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}).`;
    }
    // The schema lets unknown keys through by stripping them; a `source` must not ride along.
    for (const block of m.content as unknown as Record<string, unknown>[]) {
      if ('source' in block)
        return `message ${i} holds a block with a source, which Sift never sends.`;
    }
  }
  for (const tool of tools) {
    const extra = Object.keys(tool).filter((k) => !TOOL_KEYS.has(k));
    // A `type` makes a tool a server tool (web_fetch_…, web_search_…) that the API runs itself.
    if (extra.length > 0)
      return `the tool ${tool.name} has ${extra.join(', ')}: only Sift's own tools are offered.`;
  }
  return null;
}
