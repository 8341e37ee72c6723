/**
 * Reading one delimited UTF-8 text file into a table with DuckDB's own sniffer, and the ladder of
 * retries that makes untidy files readable: a full-file type sniff, padding for short rows, long
 * lines. Each rung that was needed is reported to the person as a note. A file in another
 * encoding is made UTF-8 first (read-file.ts, transcode.ts); one that turns out not to be UTF-8
 * past its head throws NotUtf8, for the reader to make it so.
 */
import { cleanColumnNames } from '../src/core/reading/column-names.ts';
import type { ColumnName } from '../src/core/data/engine.ts';
import type { Row } from '../src/core/sql/profile.ts';
import { quoteIdent, quoteLiteral } from '../src/core/sql/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import { csvFailureWords, ReadFailure } from '../src/core/reading/csv-failure.ts';

export type Exec = (sql: string) => Promise<Row[]>;

/**
 * How DuckDB decodes the file's bytes: UTF-8, or Latin-1 for Windows-1252 text that has no byte
 * where the two differ (read-delimited.ts).
 */
export type Decoding = 'utf-8' | 'latin-1';

export interface CsvLoaded {
  columns: ColumnName[];
  format: 'csv' | 'tsv';
  notes: string[];
  /**
   * Columns DuckDB's sniffer took for dates in a local order or for booleans written as words
   * (`Yes`/`No`), read as text for local-formats.ts to read by the whole column and say.
   */
  readAsText: TextRead;
  /**
   * read_csv's options for more of the same text, without its header: the dialect, the types
   * and the formats this reading found (for a file made UTF-8 in parts, read-delimited.ts).
   */
  continuation(): Promise<string | null>;
}

export interface TextRead {
  dates: string[];
  booleans: string[];
}

/** DuckDB found bytes that are not UTF-8 (past the head the encoding was judged from). */
export class NotUtf8 extends Error {}

interface Attempt {
  fullSniff: boolean;
  padRows: boolean;
  maxLineBytes: number | null;
  /**
   * Read without a quote character. Set when DuckDB's own sniffer found none: a stray quote
   * must not join lines into one record that DuckDB's reader keeps apart.
   */
  noQuote: boolean;
  /** Lines above the header (a title block: src/core/reading/title-lines.ts). */
  skip: number;
  /** The comment character Sift found (title-lines.ts Framing.comment); null: DuckDB's own. */
  comment: '#' | '' | null;
  /** Columns read as text whatever they look like (numbers with a point between thousands). */
  asText: string[];
  decoding: Decoding;
}

/** Lines up to this long are read by raising DuckDB's 2 MB default; longer ones are refused. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

function options(a: Attempt): string {
  const out = [`encoding = '${a.decoding}'`];
  if (a.fullSniff) out.push('sample_size = -1');
  if (a.padRows) out.push('null_padding = true', 'strict_mode = false');
  if (a.maxLineBytes) out.push(`max_line_size = ${a.maxLineBytes}`);
  if (a.noQuote) out.push("quote = ''");
  if (a.skip > 0) out.push(`skip = ${a.skip}`);
  if (a.comment !== null) out.push(`comment = ${quoteLiteral(a.comment)}`);
  return out.join(', ');
}

// Only DuckDB's first line names the problem; later lines echo our SQL and its options.
const headline = (m: string) => m.split('\n')[0] ?? m;
/** DuckDB's message up to its first blank line: what went wrong, before the options it lists. */
const firstParagraph = (m: string) => m.split(/\n\s*\n/)[0] ?? m;
// DuckDB names a bad byte on the line after "CSV Error on Line: n" (and the original line).
const isEncodingError = (m: string) =>
  /invalid unicode|is not (utf-?8|latin-1) encoded/i.test(firstParagraph(m));
const isTypeError = (m: string) =>
  /could not convert|conversion error|sample_size/i.test(headline(m)) ||
  /Could not convert string/.test(m);
const isRaggedError = (m: string) =>
  /expected number of columns|too many columns|not enough columns|null_padding/i.test(m);
const longLine = (m: string) =>
  /Maximum line size of \d+ bytes exceeded\. Actual Size:\s*(\d+)/.exec(m);

const clip = (line: string, n: number) => (line.length > n ? `${line.slice(0, n)}…` : line);

/**
 * DuckDB's message in a few lines a person can read: its first paragraph, the offending line
 * clipped, our internal path replaced by the file's name, without the option dump and SQL echo.
 */
export function cleanMessage(message: string, path: string, fileName: string): string {
  const text = message
    .replaceAll(path, () => fileName)
    .replace(/^(Invalid Input Error|Conversion Error|IO Error|Binder Error|Parser Error):\s*/i, '');
  return firstParagraph(text)
    .split('\n')
    .map((line) => (line.startsWith('Original Line:') ? clip(line, 120) : clip(line, 400)))
    .join('\n')
    .trim();
}

/** What DuckDB's sniffer found: the header's names (null without a header), the quote, the delimiter. */
interface Sniffed {
  names: Array<string | null>;
  quoted: boolean;
  delimiter: string;
  /** The strptime formats DuckDB read dates and timestamps with; empty when it found none. */
  dateFormat: string;
  timestampFormat: string;
  /** The type DuckDB's sniffer gave each column. */
  types: string[];
  /** The dialect the header was read in, for another look at the head's values. */
  dialect: string[];
}

/** sniff_csv's word for an option it found none of. */
const found = (v: unknown) => (typeof v === 'string' && v !== '(empty)' ? v : '');

async function sniffHeader(exec: Exec, path: string, a: Attempt): Promise<Sniffed> {
  const [sniff] = await exec(
    `SELECT HasHeader AS h, Delimiter AS d, Quote AS q, Escape AS e, SkipRows AS s, Comment AS c, len(Columns) AS n, DateFormat AS df, TimestampFormat AS tf, array_to_string(list_transform(Columns, x -> x.type), chr(31)) AS types FROM sniff_csv(${quoteLiteral(path)}, ${options(a)})`,
  );
  if (!sniff) throw new Error('The file could not be sniffed.');
  const quoted = typeof sniff.q === 'string' && sniff.q.length === 1;
  const dialect = sniffedDialect(a, sniff);
  return {
    names: await headerNames(exec, path, a, sniff, dialect),
    quoted,
    delimiter: String(sniff.d),
    dateFormat: found(sniff.df),
    timestampFormat: found(sniff.tf),
    types: String(sniff.types ?? '').split('\x1f'),
    dialect,
  };
}

/** The dialect the sniffer found for the whole file, to read rows of it as text. */
function sniffedDialect(a: Attempt, sniff: Row): string[] {
  const dialect = [`delim = ${quoteLiteral(String(sniff.d))}`];
  // Lines Sift found above the header are in the options already (Attempt.skip).
  if (a.skip === 0) dialect.push(`skip = ${Number(sniff.s ?? 0)}`);
  for (const [option, value] of [
    ['quote', sniff.q],
    ['escape', sniff.e],
    ...(a.comment === null ? [['comment', sniff.c] as const] : []),
  ] as const) {
    if (typeof value === 'string' && value.length === 1)
      dialect.push(`${option} = ${quoteLiteral(value)}`);
  }
  return dialect;
}

async function headerNames(
  exec: Exec,
  path: string,
  a: Attempt,
  sniff: Row,
  dialect: string[],
): Promise<Array<string | null>> {
  const count = Number(sniff.n);
  if (!sniff.h) return Array.from({ length: count }, () => null);
  // Read the header row as data, in the dialect the sniffer found for the whole file.
  const [first] = await exec(
    `SELECT * FROM read_csv(${quoteLiteral(path)}, ${options(a)}, header = false, all_varchar = true, ${dialect.join(', ')}) LIMIT 1`,
  );
  const values = first ? Object.values(first) : [];
  return Array.from({ length: count }, (_, i) => {
    const v = values[i];
    return v === null || v === undefined ? '' : String(v);
  });
}

/**
 * When rows disagree on their number of fields, DuckDB's sniffer settles for the one dialect in
 * which they agree: a single column holding whole lines. A delimiter in that column's header
 * gives it away, and the file is retried with short rows padded.
 */
const SINGLE_COLUMN_SUSPECT = 'Expected Number of Columns: every line read as one column';

async function attempt(
  exec: Exec,
  table: string,
  path: string,
  a: Attempt,
  headPath: string | null,
): Promise<Omit<CsvLoaded, 'format' | 'notes'> & { delimiter: string }> {
  // The head first; should it not sniff (a quoted line break cut in two), the file itself.
  let sniffedPath = headPath ?? path;
  const sniffed = headPath
    ? await sniffHeader(exec, headPath, a).catch(() => sniffHeader(exec, (sniffedPath = path), a))
    : await sniffHeader(exec, path, a);
  const { names: originals, quoted } = sniffed;
  if (!a.padRows && originals.length === 1 && /[,;\t|]/.test(originals[0] ?? '')) {
    // Padded, the rows are read again in another dialect; each line stays one record, as in
    // DuckDB's own reading, unless that reading found quotes (evil_nullpadding_2.csv: a stray
    // quote joined two lines into one row).
    if (!quoted) a.noQuote = true;
    throw new Error(SINGLE_COLUMN_SUSPECT);
  }
  const names = cleanColumnNames(originals);
  const hasHeader = originals.some((o) => o !== null);
  const readAsText = await textRead(exec, sniffedPath, a, sniffed, names);
  const types = [...new Set([...a.asText, ...readAsText.dates, ...readAsText.booleans])].filter(
    (n) => names.includes(n),
  );
  const typed = types.length
    ? `, types = {${types.map((n) => `${quoteLiteral(n)}: 'VARCHAR'`).join(', ')}}`
    : '';
  await exec(
    `CREATE TABLE ${quoteIdent(table)} AS SELECT * FROM read_csv(${quoteLiteral(path)}, ${options(a)}, header = ${hasHeader}, names = [${names.map(quoteLiteral).join(', ')}]${typed})`,
  );
  const columns = names.map((name, i) => ({ original: originals[i] ?? null, name }));
  const { delimiter } = sniffed;
  // Asked for only when there is more text to read: a DESCRIBE the usual load does without.
  const more = { ...a };
  return {
    columns,
    delimiter,
    readAsText,
    continuation: () => continuation(exec, table, path, more),
  };
}

/** A date in a local order: day and month, or a two-digit year (DuckDB puts that first). */
const LOCAL_DATE = /^(%[dm]([/.-])%[dm]\2%[Yy]|%y([/.-])%m\3%d)$/;
const LOCAL_TIMESTAMP = /^(.+) %H:%M(:%S)?$/;

/**
 * The columns DuckDB's sniffer would read by one guess for the file, to be read as text and
 * judged by the whole column instead (local-formats.ts): dates in a local order — `01.01.24`
 * read as 2001-01-24, `03/04/2024` as 3 April in a file of American dates (issue 45) — and
 * booleans written as words other than true and false (`Yes`/`No`, `Y`/`N`), so that their
 * reading is said. ISO dates and true/false stay DuckDB's.
 */
async function textRead(
  exec: Exec,
  path: string,
  a: Attempt,
  sniffed: Sniffed,
  names: string[],
): Promise<TextRead> {
  const ts = LOCAL_TIMESTAMP.exec(sniffed.timestampFormat)?.[1] ?? '';
  const dates = names.filter((_, i) => {
    const type = sniffed.types[i];
    if (type === 'DATE') return LOCAL_DATE.test(sniffed.dateFormat);
    return type === 'TIMESTAMP' && LOCAL_DATE.test(ts);
  });
  const flags = names.flatMap((_, i) => (sniffed.types[i] === 'BOOLEAN' ? [i] : []));
  if (flags.length === 0) return { dates, booleans: [] };
  // The head's values of each boolean column, as written (the sniffer's sample is the head).
  const header = sniffed.names.some((n) => n !== null);
  const own = `names = [${names.map((_, i) => `'c${i}'`).join(', ')}]`;
  const lists = flags.map((i, j) => `list_distinct(list(lower(trim(c${i})))) AS b${j}`);
  const [row] = await exec(
    `SELECT ${lists.join(', ')} FROM (SELECT * FROM read_csv(${quoteLiteral(path)}, ${options(a)}, header = false, all_varchar = true, ${own}, ${sniffed.dialect.join(', ')}) OFFSET ${header ? 1 : 0})`,
  );
  const booleans = flags.flatMap((i, j) => {
    const words = listOf(row?.[`b${j}`]).filter((w) => w !== null && w !== '');
    return words.every((w) => w === 'true' || w === 'false') ? [] : [names[i]!];
  });
  return { dates, booleans };
}

/** A DuckDB list as the worker's rows give it (an Arrow vector, or an array). */
function listOf(v: unknown): Array<string | null> {
  if (v === null || v === undefined) return [];
  const items = Array.isArray(v) ? v : Array.from(v as Iterable<unknown>);
  return items.map((x) => (x === null || x === undefined ? null : String(x)));
}

/**
 * read_csv's options for more rows of the text `table` was read from (CsvLoaded.continuation),
 * in the dialect DuckDB found in that text itself (not in the head the header was read from:
 * a quote or a date order first seen past the head would differ). Null where more rows could
 * not be read as a reading of the whole text would read them: rows padded (strict_mode off lets
 * DuckDB take a record cut in two for two), or a quote or escape other than `"`, which the cuts
 * between parts do not follow (transcode.ts).
 */
async function continuation(exec: Exec, table: string, path: string, a: Attempt) {
  if (a.padRows) return null;
  const [sniff] = await exec(
    `SELECT Delimiter AS d, Quote AS q, Escape AS e, Comment AS c, DateFormat AS df, TimestampFormat AS tf FROM sniff_csv(${quoteLiteral(path)}, ${options(a)})`,
  );
  if (!sniff) return null;
  const [quote, escape] = [found(sniff.q), found(sniff.e)];
  if (!['', '"'].includes(quote) || !['', '"'].includes(escape)) return null;
  const dialect = [`delim = ${quoteLiteral(String(sniff.d))}`];
  // A reading without quotes says so in options(a) already.
  if (!a.noQuote)
    dialect.push(`quote = ${quoteLiteral(quote)}`, `escape = ${quoteLiteral(escape)}`);
  if (a.comment === null) dialect.push(`comment = ${quoteLiteral(found(sniff.c))}`);
  if (found(sniff.df)) dialect.push(`dateformat = ${quoteLiteral(found(sniff.df))}`);
  if (found(sniff.tf)) dialect.push(`timestampformat = ${quoteLiteral(found(sniff.tf))}`);
  const types = (await exec(`DESCRIBE ${quoteIdent(table)}`)).map(
    (c) => `${quoteLiteral(String(c.column_name))}: ${quoteLiteral(String(c.column_type))}`,
  );
  const same = options({ ...a, fullSniff: false, skip: 0 });
  return `${same}, auto_detect = false, header = false, ${dialect.join(', ')}, columns = {${types.join(', ')}}`;
}

export async function loadCsv(
  exec: Exec,
  table: string,
  path: string,
  fileName: string,
  how: {
    /** The file's head as a file of its own, for the sniffer (engine.ts). */
    headPath?: string | null;
    /** Lines above the header to leave out. */
    skip?: number;
    /** Lines that start with this are comments ('' none; absent, as DuckDB's sniffer finds). */
    comment?: '#' | '' | null;
    /** Columns to read as text. */
    asText?: string[];
    decoding?: Decoding;
  } = {},
): Promise<CsvLoaded> {
  const headPath = how.headPath ?? null;
  const a: Attempt = {
    fullSniff: false,
    padRows: false,
    maxLineBytes: null,
    noQuote: false,
    skip: how.skip ?? 0,
    comment: how.comment ?? null,
    asText: how.asText ?? [],
    decoding: how.decoding ?? 'utf-8',
  };
  const notes: string[] = [];
  for (let tries = 0; tries < 6; tries++) {
    try {
      const read = await attempt(exec, table, path, a, headPath);
      const { columns, delimiter, readAsText, continuation } = read;
      if (a.padRows) notes.push(...(await compareWithPlainReading(exec, table, path, a)));
      const format = delimiter === '\t' ? 'tsv' : 'csv';
      return { columns, format, notes, readAsText, continuation };
    } catch (e) {
      const message = errorMessage(e);
      const tooLong = longLine(message);
      await exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
      if (isEncodingError(message)) {
        throw new NotUtf8(cleanMessage(message, path, fileName));
      } else if (!a.fullSniff && isTypeError(message)) {
        a.fullSniff = true;
        notes.push('Column types were detected from the whole file, not a sample.');
      } else if (!a.padRows && isRaggedError(message)) {
        a.padRows = true;
        notes.push('Rows do not all have the same number of fields; missing ones are NULL.');
      } else if (tooLong && !a.maxLineBytes && Number(tooLong[1]) < MAX_LINE_BYTES) {
        a.maxLineBytes = MAX_LINE_BYTES;
        notes.push('Some lines are longer than 2 MB; they were read whole.');
      } else {
        // Plain words first, DuckDB's own text under Details (core/reading/csv-failure.ts).
        throw new ReadFailure(
          csvFailureWords(message, MAX_LINE_BYTES),
          cleanMessage(message, path, fileName),
        );
      }
    }
  }
  throw new Error('The file could not be read.');
}

/**
 * Padding rows is the one rung that reads the file in another dialect than DuckDB's own sniffer
 * chose, so it could find other records: when DuckDB's plain reading of the file counts a
 * different number of rows, the person is told both.
 */
async function compareWithPlainReading(
  exec: Exec,
  table: string,
  path: string,
  a: Attempt,
): Promise<string[]> {
  const plain = { ...a, fullSniff: false, padRows: false, noQuote: false };
  try {
    const [own] = await exec(
      `SELECT count(*) AS n FROM read_csv(${quoteLiteral(path)}, ${options(plain)})`,
    );
    const [ours] = await exec(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
    const [n, m] = [Number(own?.n), Number(ours?.n)];
    if (n === m) return [];
    const count = (x: number) => `${x.toLocaleString('en-US')} row${x === 1 ? '' : 's'}`;
    return [
      `DuckDB's own reader finds ${count(n)} in this file; read with padded rows it has ${count(m)}.`,
    ];
  } catch {
    // DuckDB's plain reading fails on this file: there is no other count to compare with.
    return [];
  }
}
