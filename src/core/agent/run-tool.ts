/** One tool call: look the tool up, check its input, run it, and turn any failure into a value. */
import { errorMessage } from '../errors.ts';
import type { ToolUseBlock } from '../model/messages.ts';
import { toolByName } from '../tools/registry.ts';
import { fail, type ToolContext, type ToolOutcome } from '../tools/tool.ts';

export async function runTool(call: ToolUseBlock, ctx: ToolContext): Promise<ToolOutcome> {
  const tool = toolByName(call.name);
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
