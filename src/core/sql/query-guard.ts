/**
 * The text side of the read-only guard. Read-only is enforced by DuckDB's own parser: the
 * statement is only ever run as a subquery of a SELECT, and the engine prepares that text first,
 * which refuses anything that is not exactly one statement. Nothing here decides by keyword what
 * may run; the keyword list below only chooses the wording of a refusal.
 */
import type { Cell, ResultColumn } from '../data/engine.ts';
import { textFieldSql } from './csv-sql.ts';
import { dateKind, STANDARD_CSV, type CsvDialect } from '../data/csv-dialect.ts';
import { errorOnQueryLines } from './error-lines.ts';
import { isNumericType } from '../data/column-type.ts';
import { hasStatementSeparator, mainKeyword, stripTrailing } from './sql-scan.ts';
import { quoteLiteral } from './sql-text.ts';

/** Trims the statement and drops trailing semicolons (and comments), which a subquery cannot hold. */
export function normaliseStatement(sql: string): string {
  return stripTrailing(sql);
}

/**
 * The statement as a subquery. The newlines matter: a trailing `-- comment` in the statement ends
 * at the first one instead of swallowing the closing parenthesis.
 */
export function asSubquery(statement: string, columnAliases?: string[]): string {
  const aliases = columnAliases ? `(${columnAliases.join(', ')})` : '';
  return `(\n${statement}\n) AS q${aliases}`;
}

export function describeQuery(statement: string): string {
  return `DESCRIBE SELECT * FROM ${asSubquery(statement)}`;
}

/**
 * The SELECT that makes a whole result's CSV lines, one a row (without their CRLF): every column
 * cast to text by DuckDB (exact decimals and 64-bit integers, ISO dates, lists as DuckDB writes
 * them), a number as it is, any other value guarded and quoted (core/data/csv.ts,
 * textFieldSql), renamed by position as `resultQuery` does; no cell cut and no row limit.
 */
export function csvLinesQuery(
  statement: string,
  columns: readonly ResultColumn[],
  dialect: CsvDialect = STANDARD_CSV,
): string {
  const aliases = columns.map((_, i) => `c${i}`);
  const excel = dialect.kind === 'excel';
  // For Excel, dates as the locale writes them (csv-dialect.ts); a timestamp with its time.
  const asText = (col: ResultColumn, c: string) => {
    const kind = excel ? dateKind(col.type) : null;
    if (!kind) return `CAST(${c} AS VARCHAR)`;
    const format = kind === 'date' ? dialect.dateFormat : `${dialect.dateFormat} %H:%M:%S`;
    return `strftime(${c}, ${quoteLiteral(format)})`;
  };
  const text = columns.map((col, i) => `${asText(col, `c${i}`)} AS c${i}`).join(', ');
  const sep = dialect.separator;
  const number = (c: string) =>
    dialect.decimal === ',' ? `coalesce(replace(${c}, '.', ','), '')` : `coalesce(${c}, '')`;
  const fields = columns.map((col, i) =>
    isNumericType(col.type) ? number(`c${i}`) : textFieldSql(`c${i}`, sep),
  );
  return `SELECT concat_ws(${quoteLiteral(sep)}, ${fields.join(', ')}) AS line FROM (SELECT ${text} FROM ${asSubquery(statement, aliases)}) AS t`;
}

export function countQuery(statement: string): string {
  return `SELECT count(*) AS n FROM ${asSubquery(statement)}`;
}

const PASS_THROUGH =
  /^(BOOLEAN|TINYINT|SMALLINT|INTEGER|UTINYINT|USMALLINT|UINTEGER|FLOAT|DOUBLE)$/;
const BIG_INTEGER = /^(BIGINT|UBIGINT|HUGEINT|UHUGEINT)$/;
const DECIMAL = /^DECIMAL\(/;

/** How a column of a DuckDB type travels to the page. */
export type Transport = 'native' | 'integer-text' | 'text';

export function transportOf(type: string): Transport {
  if (PASS_THROUGH.test(type) || DECIMAL.test(type)) return 'native';
  if (BIG_INTEGER.test(type)) return 'integer-text';
  return 'text';
}

/**
 * The SELECT that fetches a result for the page. Columns are renamed positionally (`q(c0, c1…)`)
 * so duplicate or odd output names cannot collide, then converted deliberately: decimals to
 * DOUBLE, 64/128-bit integers to text (turned back into numbers when exact), everything else
 * (dates, timestamps, intervals, lists, blobs…) to text cut at `maxCellChars`.
 */
export function resultQuery(
  statement: string,
  columns: ResultColumn[],
  limit: number,
  maxCellChars: number,
  /** Columns the statement has, when only the first `columns.length` are fetched. */
  width = columns.length,
): string {
  const aliases = Array.from({ length: width }, (_, i) => `c${i}`);
  const projection = columns.map((col, i) => {
    const c = `c${i}`;
    if (DECIMAL.test(col.type)) return `CAST(${c} AS DOUBLE) AS ${c}`;
    if (PASS_THROUGH.test(col.type)) return c;
    if (BIG_INTEGER.test(col.type)) return `CAST(${c} AS VARCHAR) AS ${c}`;
    // Characters, as `left` counts them: `strlen` counts bytes, so accented text shorter than the
    // cut came back whole with a '…' after it, and could not be told from a cut value.
    return `CASE WHEN length(CAST(${c} AS VARCHAR)) > ${maxCellChars} THEN left(CAST(${c} AS VARCHAR), ${maxCellChars}) || '…' ELSE CAST(${c} AS VARCHAR) END AS ${c}`;
  });
  const select = projection.length > 0 ? projection.join(', ') : '*';
  return `SELECT ${select} FROM ${asSubquery(statement, aliases)} LIMIT ${limit}`;
}

/** Converts one value read from Arrow into a JSON-safe cell, by its transport. */
export function toCell(value: unknown, transport: Transport): Cell {
  if (value === null || value === undefined) return null;
  if (transport === 'integer-text') {
    const text = String(value);
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : text;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  return String(value);
}

const WRITE_KEYWORDS = new Set([
  'ALTER',
  'ATTACH',
  'BEGIN',
  'CALL',
  'CHECKPOINT',
  'COMMIT',
  'COPY',
  'CREATE',
  'DELETE',
  'DETACH',
  'DROP',
  'EXPORT',
  'IMPORT',
  'INSERT',
  'INSTALL',
  'LOAD',
  'MERGE',
  'PRAGMA',
  'RESET',
  'ROLLBACK',
  'SET',
  'TRUNCATE',
  'UPDATE',
  'USE',
  'VACUUM',
]);

/**
 * Words for a statement DuckDB refused to prepare as a subquery: a refusal when it was not a
 * single read-only statement, otherwise DuckDB's own message.
 */
export function explainPrepareFailure(
  statement: string,
  duckdbMessage: string,
): { kind: 'rejected' | 'error'; message: string } {
  if (hasStatementSeparator(statement)) {
    return {
      kind: 'rejected',
      message: 'Only one statement can run at a time; split the text into separate queries.',
    };
  }
  const keyword = mainKeyword(statement);
  if (WRITE_KEYWORDS.has(keyword)) {
    return {
      kind: 'rejected',
      message: `Only read-only queries can run here; a ${keyword} statement was refused. Use SELECT, WITH, DESCRIBE, SUMMARIZE or SHOW.`,
    };
  }
  if (/multiple statements/i.test(duckdbMessage)) {
    // One statement that DuckDB expands into several, e.g. PIVOT without an IN list.
    return {
      kind: 'error',
      message: `${errorOnQueryLines(duckdbMessage, statement)} This statement expands into several; for PIVOT, list the values with ON … IN (…).`,
    };
  }
  return { kind: 'error', message: errorOnQueryLines(duckdbMessage, statement) };
}
