/**
 * A table's recipe: the statements that made it from a delimited file, rewritten for native
 * DuckDB (the CLI, or a script) run in the file's own folder; the notebook's script
 * (core/report/notebook-script.ts) is made of them. The worker records the statements as it runs them
 * (workers/recipe-record.ts); what differs in native DuckDB is only where the bytes come from.
 */
import type { Encoding } from '../data/engine.ts';
import { quoteLiteral } from './sql-text.ts';

/** How native DuckDB decodes a text Sift made UTF-8 in JavaScript (workers/transcode.ts). */
interface NativeEncoding {
  name: string;
  /** Whether it takes DuckDB's encodings extension (DuckDB ≥1.1 reads UTF-8, UTF-16 and Latin-1). */
  extension: boolean;
}

/**
 * DuckDB's names, the extension's from its list of ICU converters. Windows-1252 cannot be read as
 * DuckDB's own Latin-1 once a byte of 0x80–0x9F is in it (`€`): DuckDB refuses the file.
 */
export const NATIVE_ENCODINGS: Record<Exclude<Encoding, 'utf-8'>, NativeEncoding> = {
  'utf-16le': { name: 'utf-16', extension: false },
  'utf-16be': { name: 'UTF-16BE', extension: true },
  'windows-1252': { name: 'windows-1252-2000', extension: true },
  'windows-1250': { name: 'windows-1250-2000', extension: true },
  'windows-1251': { name: 'windows-1251-2000', extension: true },
  'windows-1253': { name: 'windows-1253-2000', extension: true },
  'windows-1254': { name: 'windows-1254-2000', extension: true },
  'windows-1257': { name: 'windows-1257-2000', extension: true },
  'iso-8859-2': { name: '8859_2', extension: true },
  'iso-8859-15': { name: '8859_15', extension: true },
  'koi8-r': { name: 'glibc-KOI8_R-2.3.3', extension: true },
};

/** Where the table's statements read from in the worker, and what the file is. */
export interface RecipeSource {
  /** The worker's path of the file (`uploads/…`) as the statements name it. */
  path: string;
  fileName: string;
  /** The file's encoding as Sift read it. */
  encoding: Encoding;
  /** Whether the file is gzipped (the worker's path then ends in `.gz`). */
  gzip: boolean;
}

const READ_CSV = /\bread_csv\('(?:[^']|'')*'/g;

/**
 * The statements as native DuckDB runs them beside the file: its own name for the worker's path,
 * DuckDB's own decoding where Sift transcoded the text. Read in parts, the text was appended part
 * by part; the recorder kept the first statement only, which reads the whole file natively.
 */
export function nativeStatements(recorded: string[], source: RecipeSource): string[] {
  const file = quoteLiteral(source.fileName);
  const path = quoteLiteral(source.path);
  // DuckDB tells gzip by the name's ending; the worker's path always has one (engine.ts pathFor).
  const gzip = source.gzip && !/\.gz$/i.test(source.fileName) ? ", compression = 'gzip'" : '';
  const native = source.encoding === 'utf-8' ? null : NATIVE_ENCODINGS[source.encoding];
  return recorded.map((sql) => {
    let out = sql.replaceAll(path, () => `${file}${gzip}`);
    // Latin-1 is what Sift read in place (Windows-1252 without 0x80–0x9F): native DuckDB the same.
    if (native && out.match(READ_CSV))
      out = out.replaceAll("encoding = 'utf-8'", () => `encoding = ${quoteLiteral(native.name)}`);
    return out;
  });
}

/** Whether a table's recipe reads its file through DuckDB's encodings extension. */
export const needsEncodings = (recipe: string[]): boolean =>
  Object.values(NATIVE_ENCODINGS).some(
    (e) => e.extension && recipe.some((s) => s.includes(`encoding = ${quoteLiteral(e.name)}`)),
  );
