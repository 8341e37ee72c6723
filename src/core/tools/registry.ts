/** The tools the model gets, in the order it is told about them. Names are part of the product. */
import { createPlot } from './create-plot.ts';
import { finalize } from './finalize.ts';
import { findValue } from './find-value.ts';
import { outputTable } from './output-table.ts';
import { outputText } from './output-text.ts';
import { profileColumns } from './profile-columns.ts';
import { sqlQuery } from './sql-query.ts';
import type { Tool } from './tool.ts';

export const TOOLS: readonly Tool[] = [
  sqlQuery,
  profileColumns,
  findValue,
  outputText,
  outputTable,
  createPlot,
  finalize,
] as Tool[];

export function toolByName(name: string): Tool | undefined {
  return TOOLS.find((t) => t.name === name);
}
