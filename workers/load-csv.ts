/**
 * Reading one delimited text file into a table with DuckDB's own sniffer, and the ladder of
 * retries that makes untidy files readable: another encoding, a full-file type sniff, padding for
 * short rows. Each rung that was needed is reported to the person as a note.
 */
import { cleanColumnNames } from '../src/core/data/column-names.ts';
import type { ColumnName, Encoding } from '../src/core/data/engine.ts';
import type { Row } from '../src/core/data/profile.ts';
import { quoteIdent, quoteLiteral } from '../src/core/data/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';

export type Exec = (sql: string) => Promise<Row[]>;

export interface CsvLoaded {
  columns: ColumnName[];
  encoding: Encoding;
  notes: string[];
}

interface Attempt {
  encoding: Encoding;
  fullSniff: boolean;
  padRows: boolean;
  maxLineBytes: number | null;
}

/** Lines up to this long are read by raising DuckDB's 2 MB default; longer ones are refused. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

const ENCODING_NAMES: Record<Encoding, string> = {
  'utf-8': 'utf-8',
  'latin-1': 'latin-1',
  'utf-16': 'utf-16',
};

function options(a: Attempt): string {
  const out = [`encoding = ${quoteLiteral(ENCODING_NAMES[a.encoding])}`];
  if (a.fullSniff) out.push('sample_size = -1');
  if (a.padRows) out.push('null_padding = true', 'strict_mode = false');
  if (a.maxLineBytes) out.push(`max_line_size = ${a.maxLineBytes}`);
  return out.join(', ');
}

// Only DuckDB's first line names the problem; later lines echo our SQL and its options.
const headline = (m: string) => m.split('\n')[0] ?? m;
const isEncodingError = (m: string) => /invalid unicode|not utf-?8|encoding/i.test(headline(m));
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
    .replaceAll(path, fileName)
    .replace(/^(Invalid Input Error|Conversion Error|IO Error|Binder Error|Parser Error):\s*/i, '');
  const first = text.split(/\n\s*\n/)[0] ?? text;
  return first
    .split('\n')
    .map((line) => (line.startsWith('Original Line:') ? clip(line, 120) : clip(line, 400)))
    .join('\n')
    .trim();
}

async function headerNames(exec: Exec, path: string, a: Attempt): Promise<Array<string | null>> {
  const [sniff] = await exec(
    `SELECT HasHeader AS h, Delimiter AS d, Quote AS q, Escape AS e, SkipRows AS s, len(Columns) AS n FROM sniff_csv(${quoteLiteral(path)}, ${options(a)})`,
  );
  if (!sniff) throw new Error('The file could not be sniffed.');
  const count = Number(sniff.n);
  if (!sniff.h) return Array.from({ length: count }, () => null);
  // Read the header row as data, in the dialect the sniffer found for the whole file.
  const dialect = [`delim = ${quoteLiteral(String(sniff.d))}`, `skip = ${Number(sniff.s ?? 0)}`];
  for (const [option, value] of [
    ['quote', sniff.q],
    ['escape', sniff.e],
  ] as const) {
    if (typeof value === 'string' && value.length === 1)
      dialect.push(`${option} = ${quoteLiteral(value)}`);
  }
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

async function attempt(exec: Exec, table: string, path: string, a: Attempt): Promise<ColumnName[]> {
  const originals = await headerNames(exec, path, a);
  if (!a.padRows && originals.length === 1 && /[,;\t|]/.test(originals[0] ?? '')) {
    throw new Error(SINGLE_COLUMN_SUSPECT);
  }
  const names = cleanColumnNames(originals);
  const hasHeader = originals.some((o) => o !== null);
  await exec(
    `CREATE TABLE ${quoteIdent(table)} AS SELECT * FROM read_csv(${quoteLiteral(path)}, ${options(a)}, header = ${hasHeader}, names = [${names.map(quoteLiteral).join(', ')}])`,
  );
  return names.map((name, i) => ({ original: originals[i] ?? null, name }));
}

export async function loadCsv(
  exec: Exec,
  table: string,
  path: string,
  fileName: string,
  encoding: Encoding,
): Promise<CsvLoaded> {
  const a: Attempt = { encoding, fullSniff: false, padRows: false, maxLineBytes: null };
  const notes: string[] = [];
  for (let tries = 0; tries < 6; tries++) {
    try {
      const columns = await attempt(exec, table, path, a);
      return { columns, encoding: a.encoding, notes };
    } catch (e) {
      const message = errorMessage(e);
      const tooLong = longLine(message);
      await exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
      if (a.encoding === 'utf-8' && isEncodingError(message)) {
        a.encoding = 'latin-1';
        notes.push('The file is not valid UTF-8; it was read as Latin-1.');
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
        throw new Error(cleanMessage(message, path, fileName));
      }
    }
  }
  throw new Error('The file could not be read.');
}
