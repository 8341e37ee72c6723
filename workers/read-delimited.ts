/**
 * Delimited text into a table: made UTF-8 first when it is in another encoding (transcode.ts),
 * then read by DuckDB's sniffer (load-csv.ts) below any title lines and above any closing total
 * (core/reading/title-lines.ts), and its local numbers and dates converted (local-formats.ts).
 *
 * Windows-1252 text with no byte in 0x80–0x9F is Latin-1 byte for byte, which DuckDB decodes
 * itself: such a file is read in place, without the copy (ARCHITECTURE.md, Facts: encodings).
 */
import type { Encoding } from '../src/core/data/engine.ts';
import type { DateOrderChoice } from '../src/core/data/date-order.ts';
import { HEAD_BYTES } from '../src/core/reading/file-head.ts';
import type { Row } from '../src/core/sql/profile.ts';
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import { decodeSingleByte } from '../src/core/reading/text-encoding.ts';
import { fields, framing, trailer, type Framing } from '../src/core/reading/title-lines.ts';
import { errorMessage } from '../src/core/errors.ts';
import { NOT_A_TABLE, ReadFailure } from '../src/core/reading/csv-failure.ts';
import type { FileHead } from './gzip-head.ts';
import { loadCsv, NotUtf8, type Decoding, type Exec } from './load-csv.ts';
import { contents } from './load-json.ts';
import { withLocalFormats } from './local-formats.ts';
import type { FileRead, ReadDeps } from './read-types.ts';
import { notRecords, stripNuls } from './text-checks.ts';
import { appendParts, PartsDisagree, sliced, type TextSource } from './text-parts.ts';
import { NoCut, utf8File, utf8Parts, Utf8Parts } from './transcode.ts';

type Delimited = Omit<FileRead, 'encoding'>;

/** How much of a file's end is read for lines below its table. */
const TAIL_BYTES = 64 * 1024;

/** Whether any byte is one where Windows-1252 and Latin-1 differ (0x80–0x9F). */
const hasC1 = (bytes: Uint8Array) => bytes.some((b) => b >= 0x80 && b <= 0x9f);

export async function readDelimited(
  deps: ReadDeps,
  table: string,
  original: File,
  originalHead: FileHead,
  nulBytes: number,
  encoding: Encoding,
  /** Keep numbers and dates in local formats as the text they are; the order chosen for dates. */
  choice: { asWritten: boolean; dates: DateOrderChoice | null },
): Promise<Delimited> {
  const text = { nulBytes, ...choice, name: original.name, gzip: originalHead.gzip };
  if (encoding === 'windows-1252' && !hasC1(originalHead.head)) {
    try {
      return await readText(
        deps,
        table,
        { kind: 'file', file: original },
        originalHead,
        'latin-1',
        text,
      );
    } catch (e) {
      // A byte of 0x80–0x9F (`€ ’ –`) past the head: the file is made UTF-8 after all.
      if (!(e instanceof NotUtf8)) throw e;
    }
  }
  if (encoding === 'utf-8')
    return readText(deps, table, { kind: 'file', file: original }, originalHead, 'utf-8', text);
  // DuckDB reads UTF-8 only (without its encodings extension): the file is made so as it
  // streams, in parts (transcode.ts); DuckDB reads the first, then each next one while the one
  // after it is made (text-parts.ts).
  // Told as the first half of the reading: DuckDB's own, after it, cannot say how far it is.
  // Never backwards: a second making of the text, when the parts disagree, starts from zero.
  const { progress } = deps;
  let most = 0;
  const told =
    progress &&
    ((bytes: number) => progress((most = Math.max(most, (bytes / original.size) * 0.5))));
  const stream = () =>
    originalHead.gzip ? contents(original, true, told) : sliced(original, told);
  const rest = new Utf8Parts(utf8Parts(stream(), encoding), TAIL_BYTES);
  const whole = () => utf8File(stream(), encoding, original.name);
  try {
    const first = (await rest.next())!;
    const head = { head: first.slice(0, HEAD_BYTES), size: first.length, gzip: false };
    const source = { kind: 'parts' as const, first, rest, whole };
    return await readText(deps, table, source, head, 'utf-8', text);
  } catch (e) {
    if (!(e instanceof PartsDisagree || e instanceof NoCut)) throw e;
    // A later part holds what the first one's types do not (a word in a column of numbers
    // past the first part), or the text has no place to cut (a quote that never closes): it
    // is read whole, as DuckDB reads any file.
    rest.close();
    await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
    const file = await whole();
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const read = { head, size: file.size, gzip: false };
    return readText(deps, table, { kind: 'file', file }, read, 'utf-8', text);
  }
}

/** The file as DuckDB reads it: `decoding` is how DuckDB decodes its bytes. */
async function readText(
  deps: ReadDeps,
  table: string,
  source: TextSource,
  read: FileHead,
  decoding: Decoding,
  text: {
    nulBytes: number;
    asWritten: boolean;
    dates: DateOrderChoice | null;
    name: string;
    gzip: boolean;
  },
): Promise<Delimited> {
  const { nulBytes, asWritten, name } = text;
  const path = deps.pathFor(name, read.gzip);
  const inParts = source.kind === 'parts';
  if (inParts) await deps.registerBuffer(path, source.first);
  else await deps.registerFile(path, source.file);
  // The end of the text, where a closing total would be.
  const end = () => (inParts ? new File([source.rest.tail() as BlobPart], name) : source.file);
  // The sniffer reads the head already in hand, not the file: through a file handle DuckDB
  // reads its 32 MB buffers, and sniffing and reading the header row took two of them from a
  // 100 MB file (BENCHMARKS.md, where the time goes).
  const headPath = await registerHead(deps, path, read);
  let fragments: string | null = null;
  const frame = framing(headText(read.head, decoding));
  const trailing = frame && !read.gzip ? frame : null;
  try {
    const how = { headPath, skip: frame?.skip ?? 0, comment: frame?.comment ?? null, decoding };
    const first = loadCsv(deps.exec, table, path, name, how);
    // A first part DuckDB cannot read may be cut where the whole text is not (a stray quote
    // before a quoted line break): the whole text decides, as for a later part.
    const { readAsText, continuation, ...csv } = await (inParts
      ? first.catch((e: unknown) => {
          throw e instanceof NotUtf8 ? e : new PartsDisagree(errorMessage(e));
        })
      : first);
    if (inParts) await appendParts(deps, table, name, source.rest, await continuation());
    const loaded: Delimited = csv;
    fragments = await notRecords(deps.exec, table, loaded.columns);
    if (fragments) await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
    else {
      if (frame?.comments.length) loaded.notes.unshift(await commentNote(deps.exec, table, frame));
      if (frame?.titles.length) loaded.notes.unshift(titleNote(frame.titles));
      if (trailing) {
        const below = await dropTrailer(deps.exec, table, end(), trailing, decoding);
        if (below) loaded.notes.push(below);
      }
      if (nulBytes > 0) loaded.notes.push(await stripNuls(deps.exec, table, nulBytes));
      if (text.gzip) loaded.notes.unshift('Unpacked from gzip while it was read.');
      if (asWritten) return { ...loaded, asWritten: true };
      // A column DuckDB read as 1.234 in a file that writes 1.234,56 is read again as text.
      const reread = async (asText: string[]) => {
        await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
        // A text in parts is read again whole, made UTF-8 anew: rarely needed, and the parts are
        // gone into DuckDB's worker.
        if (inParts) {
          await deps.unregisterFile(path);
          await deps.registerFile(path, await source.whole());
        }
        const again = await loadCsv(deps.exec, table, path, name, { ...how, asText });
        if (nulBytes > 0) await stripNuls(deps.exec, table, nulBytes);
        if (trailing) await dropTrailer(deps.exec, table, end(), trailing, decoding);
        return again.columns;
      };
      return await withLocalFormats(deps.exec, table, loaded, reread, {
        textRead: readAsText,
        dates: text.dates,
      });
    }
  } catch (e) {
    // No half-read table stays behind (the next file would find its name taken).
    await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`).catch(() => undefined);
    if (e instanceof NotUtf8 || e instanceof PartsDisagree || e instanceof NoCut) throw e;
    if (e instanceof ReadFailure) throw e;
    throw new ReadFailure(NOT_A_TABLE, errorMessage(e));
  } finally {
    // The table holds the data now; the handle would only keep the File alive.
    await deps.unregisterFile(path).catch(() => undefined);
    if (headPath) await deps.unregisterFile(headPath).catch(() => undefined);
  }
  throw new Error(fragments);
}

/** Bytes as the text DuckDB reads them with `decoding`. */
function decode(bytes: Uint8Array, decoding: Decoding): string {
  return decoding === 'latin-1'
    ? decodeSingleByte(bytes, 'windows-1252')
    : new TextDecoder().decode(bytes);
}

/** The head's text up to its last whole line. */
function headText(head: Uint8Array, decoding: Decoding): string {
  const cut = head.lastIndexOf(0x0a);
  return decode(cut < 0 ? head : head.subarray(0, cut + 1), decoding);
}

const clipped = (line: string) => (line.length > 80 ? `${line.slice(0, 80)}…` : line);

function titleNote(titles: string[]): string {
  const quoted = titles.map((t) => `“${clipped(t)}”`).join(', ');
  return titles.length === 1
    ? `The line above the header, ${quoted}, is a title and was left out of the table.`
    : `${titles.length} lines above the header were left out of the table: ${quoted}.`;
}

/**
 * Lines that start with `#`: left out by DuckDB as comments, or — where other lines hold a `#`
 * that DuckDB's comment reading would cut (`Order #5`) — read as rows padded with NULLs, which
 * are then taken out here. Either way the person is told.
 */
async function commentNote(exec: Exec, table: string, frame: Framing): Promise<string> {
  const quoted = frame.comments.slice(0, 3).map((t) => `“${clipped(t.trim())}”`);
  const more = frame.comments.length > 3 ? ' and others' : '';
  if (frame.comment === '') {
    const t = quoteIdent(table);
    const columns = (await exec(`DESCRIBE ${t}`)).map((c) => quoteIdent(String(c.column_name)));
    const [first, ...rest] = columns;
    if (first)
      await exec(
        `DELETE FROM ${t} WHERE CAST(${first} AS VARCHAR) LIKE '#%'${rest.map((c) => ` AND ${c} IS NULL`).join('')}`,
      );
  }
  return `Lines that start with “#” are comments and were left out of the table: ${quoted.join(', ')}${more}.`;
}

/**
 * The last rows, when the file ends with lines that are not rows of its table (a closing
 * total): removed, and said. Only when the table's last rows are those lines, value for value.
 */
async function dropTrailer(
  exec: Exec,
  table: string,
  file: File,
  frame: Framing,
  decoding: Decoding,
): Promise<string | null> {
  const tailBytes = file.slice(Math.max(0, file.size - TAIL_BYTES)).arrayBuffer();
  const tail = decode(new Uint8Array(await tailBytes), decoding);
  const lines = trailer(tail, frame.delimiter, frame.widest);
  if (lines.length === 0) return null;
  const t = quoteIdent(table);
  const last = await exec(
    `SELECT * FROM ${t} WHERE rowid >= (SELECT count(*) FROM ${t}) - ${lines.length} ORDER BY rowid`,
  );
  const filledOf = (r: Row) =>
    Object.values(r).filter((v) => v !== null && String(v).trim() !== '').length;
  const filled = lines.map((l) => fields(l, frame.delimiter).filter(Boolean));
  const same =
    last.length === lines.length && last.every((r, i) => filledOf(r) === filled[i]!.length);
  if (!same) return null;
  await exec(`DELETE FROM ${t} WHERE rowid >= (SELECT count(*) FROM ${t}) - ${lines.length}`);
  const quoted = filled.map((f) => `“${clipped(f.join(' '))}”`);
  return lines.length === 1
    ? `The last line, ${quoted[0]}, is a total below the table and was left out of it.`
    : `The last ${lines.length} lines are totals below the table and were left out of it: ${quoted.join(', ')}.`;
}

/**
 * The head of a file larger than it, cut after its last line break, as a file of its own for
 * the sniffer; null when the whole file is its head, or the head has no whole line.
 */
async function registerHead(
  deps: ReadDeps,
  path: string,
  { head, size }: FileHead,
): Promise<string | null> {
  if (size <= head.length) return null;
  const cut = head.lastIndexOf(0x0a);
  if (cut <= 0) return null;
  const headPath = `${path}.head`;
  await deps.registerBuffer(headPath, head.slice(0, cut + 1));
  return headPath;
}
