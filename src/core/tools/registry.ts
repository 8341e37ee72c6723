/**
 * The tools the model gets, in the order it is told about them. Names are part of the product:
 * stored sessions name the tools their calls used. Adding a tool is its file and a line here.
 */
import { askUser } from './ask-user.ts';
import { createPlot } from './create-plot.ts';
import { describeTable } from './describe-table.ts';
import { finalize } from './finalize.ts';
import { findValue } from './find-value.ts';
import { listTables } from './list-tables.ts';
import { outputTable } from './output-table.ts';
import { outputText } from './output-text.ts';
import { profileColumns } from './profile-columns.ts';
import { sqlQuery } from './sql-query.ts';
import { validateFindingTool } from './validate-finding.ts';
import { rawInput, type Tool } from './tool.ts';
import { toolSet } from './tool-set.ts';

export const TOOLS: readonly Tool[] = [
  sqlQuery,
  profileColumns,
  findValue,
  listTables,
  describeTable,
  validateFindingTool,
  askUser,
  outputText,
  outputTable,
  createPlot,
  finalize,
] as Tool[];

/** Sift's tools, as a turn is given them (AgentOptions.tools defaults to these). */
export const SIFT_TOOLS = toolSet(TOOLS);

/** One of Sift's tools, for the page's view of stored calls (events/turn-view.ts). */
export function toolByName(name: string): Tool | undefined {
  return SIFT_TOOLS.byName(name);
}

/** A tool's name in plain words; a tool Sift no longer has is named as it was. */
export function toolLabel(tool: string): string {
  return toolByName(tool)?.label ?? tool;
}

/** A call's one line in the activity trail; a tool Sift no longer has is named as it was. */
export function describeCall(tool: string, input: unknown): string {
  return toolByName(tool)?.describe(rawInput(input)) ?? tool;
}
