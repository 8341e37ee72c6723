/** One tool call: look the tool up, check its input, run it, and turn any failure into a value. */
import { errorMessage } from '../errors.ts';
import type { ToolUseBlock } from '../model/messages.ts';
import { fail, type ToolContext, type ToolOutcome } from '../tools/tool.ts';
import type { ToolSet } from '../tools/tool-set.ts';

export async function runTool(
  call: ToolUseBlock,
  ctx: ToolContext,
  tools: ToolSet,
): Promise<ToolOutcome> {
  const tool = tools.byName(call.name);
  if (!tool) return fail(`There is no tool "${call.name}".`);
  const parsed = tool.schema.safeParse(call.input);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`)
      .join('; ');
    return fail(`Invalid input for ${call.name}: ${issues}. Fix the input and call it again.`);
  }
  try {
    return await tool.run(parsed.data, ctx);
  } catch (e) {
    return fail(`${call.name} failed: ${errorMessage(e)}`);
  }
}
