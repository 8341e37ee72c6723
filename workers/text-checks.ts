/**
 * Checks of a table just read from delimited text (read-delimited.ts): that it is records at
 * all, and that no NUL byte padding an older export's fields stayed inside its text.
 */
import type { ColumnName } from '../src/core/data/engine.ts';
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import type { Exec } from './load-csv.ts';

/**
 * A load whose result is plainly not the file's structure — one column whose values are
 * fragments of JSON or markup (`{`, `"key": 1,`, `</item>`) — is a failure, not a table: the
 * message says why. Null when the table looks like records.
 */
export async function notRecords(
  exec: Exec,
  table: string,
  columns: ColumnName[],
): Promise<string | null> {
  if (columns.length !== 1) return null;
  const column = quoteIdent(columns[0]!.name);
  const [row] = await exec(
    `SELECT count(*) AS n, count(*) FILTER (WHERE regexp_matches(trim(CAST(${column} AS VARCHAR)), '^[\\[\\]{}<]|[\\[\\]{},>]$|^"[^"]*"\\s*:')) AS odd FROM ${quoteIdent(table)}`,
  );
  const n = Number(row?.n ?? 0);
  const odd = Number(row?.odd ?? 0);
  const header = columns[0]!.original ?? '';
  if (n === 0 || (odd / n <= 0.5 && !/^\s*[[{<]/.test(header))) return null;
  return 'It was read as a single column of fragments (braces, brackets or tags), not as records: it does not look like delimited text. If it is JSON or XML, save it as CSV first.';
}

/**
 * NUL bytes pad the fields of some older exports. DuckDB keeps them inside the text values
 * (checked on DuckDB 1.4 and 1.5), where they would make equal values differ: they are removed
 * from the text columns, and the person is told how many values that changed.
 */
export async function stripNuls(exec: Exec, table: string, nulBytes: number): Promise<string> {
  const t = quoteIdent(table);
  const columns = (await exec(`DESCRIBE ${t}`))
    .filter((c) => String(c.column_type) === 'VARCHAR')
    .map((c) => quoteIdent(String(c.column_name)));
  let changed = 0;
  for (const c of columns) {
    const [row] = await exec(`SELECT count(*) AS n FROM ${t} WHERE contains(${c}, chr(0))`);
    const n = Number(row?.n ?? 0);
    if (n === 0) continue;
    await exec(`UPDATE ${t} SET ${c} = replace(${c}, chr(0), '') WHERE contains(${c}, chr(0))`);
    changed += n;
  }
  const found = `${nulBytes.toLocaleString('en-US')} NUL byte${nulBytes === 1 ? '' : 's'} (\\0) found in the first megabyte`;
  return changed
    ? `${found}: removed from ${changed.toLocaleString('en-US')} text value${changed === 1 ? '' : 's'}, which they padded.`
    : `${found}: no text value kept any.`;
}
