/**
 * A text made UTF-8 in parts (transcode.ts), read by DuckDB part by part: the first part as any
 * file is, each later one into the same table in the dialect and types the first was read with,
 * while the worker makes the one after it. Made whole first and then read, a 100 MB Windows-1252
 * file took twice as long as the same text in UTF-8 (BENCHMARKS.md, Encodings).
 */
import { quoteIdent, quoteLiteral } from '../src/core/sql/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import type { ReadDeps } from './read-types.ts';
import type { Utf8Parts } from './transcode.ts';

/** What DuckDB reads: a file, or a text in parts with its first part in hand. */
export type TextSource =
  | { kind: 'file'; file: File }
  | {
      kind: 'parts';
      first: Uint8Array<ArrayBuffer>;
      rest: Utf8Parts;
      /** The whole text made UTF-8 again, for a second reading (local-formats.ts). */
      whole(): Promise<File>;
    };

/** A later part of a text in parts could not be read as its first part was. */
export class PartsDisagree extends Error {}

/**
 * The parts after the first into `table`, read with `continuation` (CsvLoaded.continuation).
 * Each is handed to DuckDB as a buffer, not a Blob: Blobs written and read back through the
 * browser's blob store held back both workers (measured: 8 MB slices of the source took up to
 * 0.7 s to read while DuckDB read a Blob part, against 0.1 s alone).
 */
export async function appendParts(
  deps: ReadDeps,
  table: string,
  name: string,
  rest: Utf8Parts,
  continuation: string | null,
): Promise<void> {
  let part = await rest.next();
  if (part && !continuation)
    throw new PartsDisagree('The first part was read in a way later parts cannot follow.');
  for (; part; part = await rest.next()) {
    const path = deps.pathFor(name, false);
    await deps.registerBuffer(path, part);
    try {
      await deps.exec(
        `INSERT INTO ${quoteIdent(table)} SELECT * FROM read_csv(${quoteLiteral(path)}, ${continuation!})`,
      );
    } catch (e) {
      throw new PartsDisagree(errorMessage(e));
    } finally {
      await deps.unregisterFile(path).catch(() => undefined);
    }
  }
}

/**
 * A file's bytes in slices of 8 MB: in a Chromium worker, reading 100 MB this way took 0.49 s
 * where `File.stream()` (2 MB chunks) took 0.85 s (measured, Chromium 156). The first slices are
 * smaller (1, 2 and 4 MB), for the first part to be ready, and DuckDB to begin, sooner.
 */
export function sliced(file: File, read?: (bytes: number) => void): ReadableStream<Uint8Array> {
  const MB = 1024 * 1024;
  let at = 0;
  let slice = MB;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= file.size) return controller.close();
      const bytes = new Uint8Array(await file.slice(at, at + slice).arrayBuffer());
      slice = Math.min(slice * 2, 8 * MB);
      at += bytes.length;
      read?.(at);
      controller.enqueue(bytes);
    },
  });
}
