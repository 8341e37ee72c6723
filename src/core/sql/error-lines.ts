/**
 * DuckDB's errors point at the text it was given: "LINE 2: SELECT nope FROM data" with a caret
 * under the fault. Sift runs a query inside a wrapper (query-guard.ts asSubquery: the statement
 * starts on the wrapper's second line and `) AS q` follows it), so the lines DuckDB names are one
 * past the person's, and a fault at the very end is shown on a line they never wrote. This puts
 * the numbers back on the person's own query, and says "at the end of the query" for the
 * wrapper's closing line.
 */

/** How many lines the wrapper puts before the statement (asSubquery's opening `(`). */
const LINES_BEFORE = 1;

const LINE_BLOCK = /\n*LINE (\d+): ([^\n]*)(?:\n( *)\^)?/g;

export function errorOnQueryLines(message: string, statement: string): string {
  const lines = statement.split('\n').length;
  return message.replace(LINE_BLOCK, (_block, n: string, text: string, caret?: string) => {
    const line = Number(n) - LINES_BEFORE;
    if (line < 1 || line > lines) return ' (at the end of the query)';
    const prefix = lines > 1 ? `Line ${line}: ` : '';
    // The caret sits under the fault: moved by as much as the line's prefix changed.
    const shift = prefix.length - `LINE ${n}: `.length;
    const pointer =
      caret === undefined ? '' : `\n${' '.repeat(Math.max(0, caret.length + shift))}^`;
    return `\n\n${prefix}${text}${pointer}`;
  });
}
