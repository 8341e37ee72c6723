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

export function toolByName(name: string): Tool | undefined {
  return TOOLS.find((t) => t.name === name);
}

/** A tool's name in plain words; a tool Sift no longer has is named as it was. */
export function toolLabel(tool: string): string {
  return toolByName(tool)?.label ?? tool;
}

/** A call's one line in the activity trail; a tool Sift no longer has is named as it was. */
export function describeCall(tool: string, input: unknown): string {
  return toolByName(tool)?.describe(rawInput(input)) ?? tool;
}
