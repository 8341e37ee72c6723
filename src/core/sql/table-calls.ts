/**
 * Which table functions a statement calls, found in DuckDB's own tokens before the statement is
 * bound. It cannot be left to the binder or to EXPLAIN: binding a file-reading function on the
 * tab's own database file (its `opfs://` path is in `duckdb_databases()`, and DuckDB lets a query
 * read the files of databases attached before external access was switched off) left every later
 * call of the worker failing with "Maximum call stack size exceeded" (ARCHITECTURE.md, Facts: a
 * query must not name the database's own file). So a query may call only the table functions below, which read no file and run no other
 * statement; any other table function DuckDB has — its file readers, `query()`, `glob()`,
 * `checkpoint()` and whatever a later version adds — is refused by name, however the path is
 * spelled or built.
 */

/** Table functions a query may call: they make rows or describe the database, read no file. */
const ALLOWED = new Set([
  'range',
  'generate_series',
  'unnest',
  'repeat',
  'repeat_row',
  'summary',
  'test_all_types',
  'test_vector_types',
  'pragma_table_info',
  'pragma_show',
  'pragma_storage_info',
  'pragma_database_size',
  'pragma_metadata_info',
  'pragma_version',
  'pragma_platform',
  'pragma_user_agent',
  'pragma_collations',
]);

/**
 * DuckDB's catalogue functions that describe the database and read no file, by name: a prefix let
 * through `duckdb_logs_parsed`, a macro over the refused `duckdb_logs` (issue 46), and would let
 * through whatever a later version names so.
 */
const CATALOGUE = new Set([
  'duckdb_columns',
  'duckdb_constraints',
  'duckdb_databases',
  'duckdb_dependencies',
  'duckdb_extensions',
  'duckdb_functions',
  'duckdb_indexes',
  'duckdb_keywords',
  'duckdb_memory',
  'duckdb_optimizers',
  'duckdb_schemas',
  'duckdb_sequences',
  'duckdb_settings',
  'duckdb_tables',
  'duckdb_temporary_files',
  'duckdb_types',
  'duckdb_variables',
  'duckdb_views',
]);

/**
 * DuckDB's table functions that read files or run other statements, refused even when DuckDB's
 * own list of table functions could not be read (then it is this list alone).
 */
const KNOWN_READERS = [
  'read_blob',
  'read_text',
  'read_csv',
  'read_csv_auto',
  'sniff_csv',
  'glob',
  'query',
  'query_table',
  'read_parquet',
  'parquet_scan',
  'read_json',
  'read_json_auto',
  'read_ndjson',
  'read_json_objects',
];

export function tableFunctionAllowed(name: string): boolean {
  return ALLOWED.has(name) || CATALOGUE.has(name);
}

/**
 * DuckDB's tokens of a text: where each begins (AsyncDuckDB.tokenize), in UTF-8 bytes — not the
 * string's UTF-16 indices: one `é` before a call shifted every later offset, and `read_blob` was
 * read as `ead_blob` and let through (issue 46; measured: "SELECT 'é', read_blob('x')" gives 13).
 */
export interface SqlTokens {
  offsets: readonly number[];
}

/** The string indices of UTF-8 byte offsets into `sql` (a mid-character offset: that character's). */
export function stringIndices(sql: string, byteOffsets: readonly number[]): number[] {
  const wanted = [...byteOffsets].sort((a, b) => a - b);
  const found = new Map<number, number>();
  let byte = 0;
  let k = 0;
  for (let i = 0; i < sql.length && k < wanted.length;) {
    const cp = sql.codePointAt(i)!;
    const bytes = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    while (k < wanted.length && wanted[k]! < byte + bytes) found.set(wanted[k++]!, i);
    byte += bytes;
    i += cp > 0xffff ? 2 : 1;
  }
  return byteOffsets.map((b) => found.get(b) ?? sql.length);
}

const BARE_NAME = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/;

/** The name a token starts with (a quoted one unquoted), lower-cased, and where it ends. */
function nameAt(sql: string, at: number): { name: string; end: number } | null {
  if (sql[at] === '"') {
    let name = '';
    let j = at + 1;
    while (j < sql.length) {
      if (sql[j] === '"' && sql[j + 1] === '"') {
        name += '"';
        j += 2;
      } else if (sql[j] === '"') {
        return { name: name.toLowerCase(), end: j + 1 };
      } else {
        name += sql[j];
        j++;
      }
    }
    return null;
  }
  const bare = BARE_NAME.exec(sql.slice(at, at + 256));
  return bare ? { name: bare[0].toLowerCase(), end: at + bare[0].length } : null;
}

/**
 * Past spaces and comments, as DuckDB's lexer reads them (PostgreSQL's scan.l): a `--` comment
 * ends at a line feed or a lone carriage return — `read_text--x\r('…')` calls read_text (issue
 * 46) — and block comments nest.
 */
function skipBlank(sql: string, at: number): number {
  let i = at;
  for (;;) {
    while (i < sql.length && /\s/.test(sql[i] as string)) i++;
    if (sql.startsWith('--', i)) {
      const end = sql.slice(i).search(/[\n\r]/);
      if (end === -1) return sql.length;
      i += end + 1;
    } else if (sql.startsWith('/*', i)) {
      let depth = 0;
      while (i < sql.length) {
        if (sql.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (sql.startsWith('*/', i)) {
          depth--;
          i += 2;
          if (depth === 0) break;
        } else i++;
      }
    } else return i;
  }
}

/** Every name the text calls (a name followed by `(`), lower-cased, in order. */
export function calledNames(sql: string, tokens: SqlTokens): string[] {
  const called: string[] = [];
  for (const offset of stringIndices(sql, tokens.offsets)) {
    const found = nameAt(sql, offset);
    if (found && sql[skipBlank(sql, found.end)] === '(') called.push(found.name);
  }
  return called;
}

/**
 * The names a statement may not call: DuckDB's own table functions and table macros
 * (`duckdb_functions()`) outside the allowed ones, and the known readers whatever that list says.
 * A scalar function of the same name as an allowed one (`range`, `repeat`) passes either way.
 */
export function refusableNames(tableFunctions: Iterable<string>): ReadonlySet<string> {
  return new Set([...tableFunctions, ...KNOWN_READERS].filter((n) => !tableFunctionAllowed(n)));
}

/**
 * Whether the text holds a refusable name at all, in any case: a statement that holds none calls
 * none, and need not be sent to DuckDB to be tokenized (a round trip to its worker per query).
 */
export function mentionsRefusable(sql: string, refusable: ReadonlySet<string>): boolean {
  const lower = sql.toLowerCase();
  for (const name of refusable) if (lower.includes(name)) return true;
  return false;
}

/** The refusal of a statement that calls a refusable name (`refusableNames`), or null. */
export function refusedTableCall(
  sql: string,
  tokens: SqlTokens,
  refusable: ReadonlySet<string>,
): string | null {
  const name = calledNames(sql, tokens).find((called) => refusable.has(called));
  if (name === undefined) return null;
  return (
    `${name}() is not allowed here: a query reads the tables loaded in this session, not files ` +
    'or other statements. Query a loaded table by its name instead.'
  );
}
