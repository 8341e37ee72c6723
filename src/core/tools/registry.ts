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
import type { Tool } from './tool.ts';
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

/** Sift's tools, as the composition root hands them to the analyst (AgentOptions.tools). */
export const SIFT_TOOLS = toolSet(TOOLS);
