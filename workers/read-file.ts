/**
 * One file into one table, by what its head shows it to be: delimited text through DuckDB's
 * sniffer (load-csv.ts), Parquet through parquet-wasm (load-parquet.ts), JSON and JSON Lines
 * parsed in the worker into typed Arrow (load-json.ts). Throws with a message for the person.
 */
import type { Encoding, ReadChoice } from '../src/core/data/engine.ts';
import type { HeadVerdict } from '../src/core/reading/file-head.ts';
import { guessSingleByte } from '../src/core/reading/text-encoding.ts';
import { ENCODINGS } from '../src/core/data/encodings.ts';
import type { FileHead } from './gzip-head.ts';
import { NotUtf8 } from './load-csv.ts';
import { contents, loadJson, type JsonDeps } from './load-json.ts';
import { loadParquet } from './load-parquet.ts';
import { readDelimited } from './read-delimited.ts';
import type { FileRead, ReadDeps } from './read-types.ts';
import { recordTable } from './recipe-record.ts';
import { nativeStatements } from '../src/core/sql/recipe-sql.ts';
import { withinLimits } from '../src/core/data/table-info.ts';

/** A head verdict that may be read into a table (of the structured formats, JSON only). */
export type Readable = Extract<HeadVerdict, { kind: 'text' | 'parquet' | 'format' }>;

export async function readFile(
  deps: ReadDeps,
  table: string,
  file: File,
  read: FileHead,
  verdict: Readable,
  /** The person's choices: an encoding ("Read as…"; Sift's guess when absent), keeping text as written. */
  choice: ReadChoice = {},
): Promise<FileRead> {
  const chosen = choice.encoding;
  const asWritten = choice.asWritten ?? false;
  const text = { asWritten, dates: choice.dates ?? null };
  const chosenDates = choice.dates ? { dates: choice.dates } : {};
  if (verdict.kind === 'parquet') {
    if (read.gzip) throw new Error('This is a gzipped Parquet file; unpack it first.');
    const loaded = await loadParquet(deps, table, file);
    return { ...loaded, format: 'parquet', encoding: 'utf-8' };
  }
  if (verdict.kind === 'format') {
    if (verdict.format !== 'JSON' && verdict.format !== 'JSON Lines')
      throw new Error(`This file cannot be read: ${verdict.reason}.`);
    const kind = verdict.format === 'JSON Lines' ? 'jsonl' : 'json';
    const loaded = await loadJson(jsonDeps(deps), table, file, kind, read.gzip);
    if (read.gzip) loaded.notes.unshift('Unpacked from gzip while it was read.');
    return { ...loaded, format: kind, encoding: 'utf-8' };
  }
  const encoding = chosen ?? verdict.encoding;
  try {
    const loaded = await delimited(deps, table, file, read, verdict.nulBytes, encoding, text);
    return {
      ...loaded,
      ...chosenDates,
      encoding,
      ...(chosen ? { readAs: chosen } : {}),
      notes: [...encodingNote(encoding, chosen), ...loaded.notes],
    };
  } catch (e) {
    if (!(e instanceof NotUtf8) || encoding !== 'utf-8' || chosen) throw e;
  }
  // Not UTF-8 past the head the encoding was judged from: judged again where it is not.
  const guess = await encodingPastHead(file, read.gzip);
  const loaded = await delimited(deps, table, file, read, verdict.nulBytes, guess, text);
  const note = `The file is UTF-8 at its start but not further on; it was read as ${ENCODINGS[guess]}. If the text looks wrong, choose another encoding under “Read as…”.`;
  return { ...loaded, ...chosenDates, encoding: guess, notes: [note, ...loaded.notes] };
}

/**
 * Delimited text read (read-delimited.ts) with the statements that made its table kept, as its
 * recipe for native DuckDB (core/sql/recipe-sql.ts).
 */
async function delimited(
  deps: ReadDeps,
  table: string,
  file: File,
  read: FileHead,
  nulBytes: number,
  encoding: Encoding,
  text: Parameters<typeof readDelimited>[6],
) {
  const recorder = recordTable(deps.exec, table);
  const run = { ...deps, exec: recorder.exec };
  const loaded = await readDelimited(run, table, file, read, nulBytes, encoding, text);
  const path = recorder.path();
  if (!path) return loaded;
  const source = { path, fileName: file.name, encoding, gzip: read.gzip };
  const recipe = withinLimits(nativeStatements(recorder.statements(), source));
  return recipe ? { ...loaded, recipe } : loaded;
}

/** What the page says of an encoding other than UTF-8. */
function encodingNote(encoding: Encoding, chosen: Encoding | undefined): string[] {
  if (encoding === 'utf-8') return [];
  if (chosen) return [`Read as ${ENCODINGS[encoding]}, as you chose.`];
  if (encoding === 'utf-16le' || encoding === 'utf-16be')
    return [
      `The file is ${ENCODINGS[encoding]} text (as Excel's “Unicode text” is); it was read as such.`,
    ];
  return [
    `The file is not UTF-8; its letters read as ${ENCODINGS[encoding]}. If the text looks wrong, choose another encoding under “Read as…”.`,
  ];
}

/** What reading records (JSON, a sheet) needs, from the engine's reading deps. */
export function jsonDeps(deps: ReadDeps): JsonDeps {
  return { exec: deps.exec, insertArrow: deps.insertArrow, progress: deps.progress };
}

/** The single-byte encoding of the first stretch of the file that is not UTF-8. */
async function encodingPastHead(file: File, gzip: boolean): Promise<Encoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = contents(file, gzip).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      try {
        decoder.decode(value, { stream: true });
      } catch {
        return guessSingleByte(value);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return 'windows-1252';
}
