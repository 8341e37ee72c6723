/**
 * A table pasted as text, made into the text of a file the loader reads like any other: rows
 * copied from a spreadsheet or a web page's table arrive as tab-separated text and are kept as
 * they are; a Markdown table (`| a | b |` with its `|---|` line) becomes CSV. The loading ladder
 * then does the rest, with the same messages as for a file.
 */

export interface PastedText {
  /** The file's name: it names the table and is shown in the table summary. */
  name: string;
  content: string;
}

const MARKDOWN_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** The cells of one Markdown table line; `\|` is a pipe inside a cell. */
function markdownCells(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const csvField = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** The Markdown table in `lines`, as CSV; null when they are not one. */
function markdownTable(lines: string[]): string | null {
  const [header, rule, ...rows] = lines;
  if (!header || !rule || !header.includes('|') || !MARKDOWN_RULE.test(rule)) return null;
  if (!rows.every((row) => row.includes('|'))) return null;
  return [header, ...rows].map((line) => markdownCells(line).map(csvField).join(',')).join('\n');
}

/** The text of the file a paste becomes; null when nothing but white space was pasted. */
export function pastedText(text: string): PastedText | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines[0]!.trim() === '') lines.shift();
  while (lines.length && lines.at(-1)!.trim() === '') lines.pop();
  if (lines.length === 0) return null;
  const markdown = markdownTable(lines);
  if (markdown !== null) return { name: 'pasted table.csv', content: `${markdown}\n` };
  const tabbed = lines.some((line) => line.includes('\t'));
  return {
    name: tabbed ? 'pasted table.tsv' : 'pasted table.csv',
    content: `${lines.join('\n')}\n`,
  };
}
