/**
 * The dataset as the system prompts tell it (prompts.ts, compact-prompt.ts): each table with its
 * file, rows and columns, or only the tables past a number of columns, and the join keys measured.
 */
import { describeHint } from '../sql/join-keys.ts';
import { tableLines } from '../tools/list-tables.ts';
import type { DatasetTable } from '../tools/tool.ts';

/**
 * Columns listed in the system prompt, over all tables. Past this the prompt names the tables and
 * their sizes only, and the model describes the tables it needs (describe_table): a schema of
 * thousands of columns would be resent, and paid for, at every step.
 */
export const PROMPT_MAX_COLUMNS = 200;

/** The join keys measured on the data, one line each; empty without any. */
function joinBlock(tables: DatasetTable[]): string {
  const hints = tables.flatMap((t) => t.joins ?? []);
  if (hints.length === 0) return '';
  return [
    '\n\nHow the tables connect (keys found by name and checked on the data; join on these):',
    ...hints.map((h) => `- ${describeHint(h)}`),
  ].join('\n');
}

/** Columns listed in the compact prompt of a small window (window-fit.ts). */
export const COMPACT_MAX_COLUMNS = 60;

export function datasetBlock(tables: DatasetTable[], maxColumns = PROMPT_MAX_COLUMNS): string {
  return datasetTables(tables, maxColumns) + joinBlock(tables);
}

function datasetTables(tables: DatasetTable[], maxColumns: number): string {
  if (tables.length === 0) return '## Dataset\nNo table is loaded.';
  const columns = tables.reduce((sum, t) => sum + t.columns.length, 0);
  if (columns > maxColumns)
    return [
      '## Dataset',
      `${tables.length === 1 ? 'One table is' : `${tables.length} tables are`} loaded, with ${columns.toLocaleString('en-US')} columns in all: too many to list here. The first table is the main one.`,
      tableLines(tables),
    ].join('\n');
  const blocks = tables.map((t, i) => {
    const cols = t.columns.map((c) => `  - ${c.name}: ${c.type}`).join('\n');
    return [
      `Table: \`${t.name}\`${i === 0 ? ' (the main table)' : ''} — from the file ${JSON.stringify(t.fileName)}${t.sheet ? `, sheet ${JSON.stringify(t.sheet)}` : ''}`,
      `Rows: ${t.rows}`,
      ...(t.notes?.length ? [`Read with: ${t.notes.join(' ')}`] : []),
      `Columns (${t.columns.length}):`,
      cols,
    ].join('\n');
  });
  return `## Dataset\n${blocks.join('\n\n')}`;
}
