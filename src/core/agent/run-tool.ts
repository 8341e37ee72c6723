/**
 * One tool call: look the tool up, check its input, run it, and turn any failure into a value.
 * What small local models get wrong (issue 32) is held up here: an unknown tool is answered with
 * the real ones, and an input whose meaning the schema makes certain (a number sent as text, a
 * spec sent as a JSON string) is repaired and run, with a line telling the model what was read.
 */
import { closestMatch } from '../closest.ts';
import { errorMessage } from '../errors.ts';
import type { ToolUseBlock } from '../model/messages.ts';
import { fail, toolSpec, type Tool, type ToolContext, type ToolOutcome } from '../tools/tool.ts';
import type { ToolSet } from '../tools/tool-set.ts';
import { repairInput, type JsonSchema } from './repair-input.ts';

const schemas = new WeakMap<Tool, JsonSchema>();
const schemaOf = (tool: Tool): JsonSchema => {
  let schema = schemas.get(tool);
  if (!schema) schemas.set(tool, (schema = toolSpec(tool).input_schema as JsonSchema));
  return schema;
};

function unknownTool(name: string, tools: ToolSet): ToolOutcome {
  const names = tools.list.map((t) => t.name);
  const near = closestMatch(name, names);
  const hint = near ? ` Did you mean ${near}?` : '';
  return fail(`There is no tool "${name}".${hint} The tools are: ${names.join(', ')}.`);
}

/** The zod issues of an input, one line each, for the model. */
function invalid(tool: Tool, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const lines = issues
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : 'input'}: ${i.message}`)
    .join('; ');
  return fail(`Invalid input for ${tool.name}: ${lines}. Fix the input and call it again.`);
}

export async function runTool(
  call: ToolUseBlock,
  ctx: ToolContext,
  tools: ToolSet,
): Promise<ToolOutcome> {
  const tool = tools.byName(call.name);
  if (!tool) return unknownTool(call.name, tools);
  let parsed = tool.schema.safeParse(call.input);
  let repaired: string[] = [];
  if (!parsed.success) {
    const repair = repairInput(schemaOf(tool), call.input);
    // The repair's message says exactly what to send; zod's would only say what was wrong.
    if (!repair.ok) return fail(`Invalid input for ${tool.name}. ${repair.message}`);
    parsed = tool.schema.safeParse(repair.input);
    if (!parsed.success) return invalid(tool, parsed.error.issues);
    repaired = repair.repaired;
  }
  try {
    const outcome = await tool.run(parsed.data, ctx);
    if (repaired.length === 0) return outcome;
    const note = `(Sift read your input as meant: ${repaired.join('; ')}. Next time send each field with the type the tool's schema gives.)`;
    return { ...outcome, content: `${outcome.content}\n${note}` };
  } catch (e) {
    return fail(`${call.name} failed: ${errorMessage(e)}`);
  }
}
