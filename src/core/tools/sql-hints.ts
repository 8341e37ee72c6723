/**
 * Hints that help the model fix a failed query: the real columns and the closest match for an
 * unknown column, the real tables for an unknown table, what to do about a time-out. DuckDB's
 * own message always comes first; the hint only adds what it lacks.
 */
import type { DatasetTable } from './tool.ts';
import { closestMatch } from '../closest.ts';

const columnList = (t: DatasetTable) =>
  `${t.name}: ${t.columns.map((c) => `${c.name} (${c.type})`).join(', ')}`;

export function queryHint(message: string, kind: string, tables: DatasetTable[]): string | null {
  if (kind === 'timeout')
    return 'Hint: the query ran out of time. Filter, aggregate or sample (USING SAMPLE 10%) and try again.';
  if (kind === 'rejected')
    return 'Hint: only one read-only SELECT (or WITH … SELECT, DESCRIBE, SUMMARIZE) statement is allowed.';
  const column = /column (?:with name )?"?([^"\s]+)"? (?:not found|does not exist)/i.exec(message);
  if (column?.[1]) {
    const all = tables.flatMap((t) => t.columns.map((c) => c.name));
    const best = closestMatch(column[1], all);
    const lines = [
      best
        ? `Hint: there is no column "${column[1]}"; did you mean "${best}"?`
        : `Hint: there is no column "${column[1]}".`,
      'Columns:',
      ...tables.map(columnList),
      'Quote names that have capitals, spaces or symbols with double quotes.',
    ];
    return lines.join('\n');
  }
  const table = /Table with name "?([^"\s]+?)"? does not exist/i.exec(message);
  if (table?.[1]) {
    const best = closestMatch(
      table[1],
      tables.map((t) => t.name),
    );
    return [
      best
        ? `Hint: there is no table "${table[1]}"; did you mean "${best}"?`
        : `Hint: there is no table "${table[1]}".`,
      `Tables: ${tables.map((t) => t.name).join(', ')}`,
    ].join('\n');
  }
  if (/Parser Error|syntax error/i.test(message))
    return 'Hint: this is DuckDB SQL. Check quoting (identifiers in "double quotes", strings in \'single quotes\') and that it is a single statement.';
  if (/Conversion Error|Could not convert/i.test(message))
    return 'Hint: use TRY_CAST(x AS type) to skip values that do not convert, and check the column types above.';
  return null;
}
