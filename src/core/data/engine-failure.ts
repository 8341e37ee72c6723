/**
 * Failures after which DuckDB cannot be trusted, and how they are said to a person.
 *
 * Why a probe is not enough (issue 30, measured in the built app): after a 5 GB CSV ran
 * DuckDB-WASM out of memory, `SELECT 1` still answered, yet a 12-byte CSV then loaded as 0 rows ×
 * 1 column where a fresh page read 2 × 2, and the 1 GB CSV as 0 rows × 12 columns (why DuckDB
 * read nothing is not known). So these failures restart the engine whatever the probe says
 * (workers/resilient-engine.ts), and the person reads which limit was met and what to try, with
 * DuckDB's own text kept apart as the details.
 */
import { formatBytes } from './bytes.ts';

export type FatalKind = 'memory' | 'internal' | 'trap';

/**
 * DuckDB's error types print as "Out of Memory Error:", "INTERNAL Error:", "FATAL Error:"
 * (duckdb/src/common/exception.cpp, ExceptionTypeToString); after a fatal one every statement
 * says the database "has been invalidated". A wasm trap reaches us as the RuntimeError's text
 * (measured: `repeat('x', 3e9)` → "memory access out of bounds", exhaustion.test.ts); the
 * memory allocator of the instance as "Cannot enlarge memory" or an Aborted(OOM) from Emscripten.
 */
const KINDS: ReadonlyArray<readonly [FatalKind, RegExp]> = [
  [
    'memory',
    /Out of Memory Error|could not allocate (block|data)|failed to allocate|std::bad_alloc|Cannot enlarge memory|Aborted\(OOM\)|Array buffer allocation failed|WebAssembly\.Memory.*(grow|allocate)/i,
  ],
  // A stack overflow in the worker (after a query read the tab's own database file, every later
  // call said so, reset() too: issue 46) leaves DuckDB as unusable as an internal error.
  [
    'internal',
    /INTERNAL Error|FATAL Error|has been invalidated|Maximum call stack size exceeded|too much recursion/,
  ],
  [
    'trap',
    /memory access out of bounds|RuntimeError: unreachable|\bunreachable executed|table index is out of bounds|null function or function signature mismatch|Aborted\(/,
  ],
];

/** The kind of failure that leaves DuckDB unusable, or null for an ordinary error (a typo). */
export function fatalKind(message: string): FatalKind | null {
  for (const [kind, pattern] of KINDS) if (pattern.test(message)) return kind;
  return null;
}

/** What a failure that restarted DuckDB says: the plain words, and DuckDB's text apart. */
export interface Explained {
  message: string;
  details: string;
}

/** What the failed work was: a file being read, or a query. */
export type FailedWork = { file: string; bytes: number } | { query: true };

const FILE_TIPS =
  'To work with it here: load a sample or a filtered part of it, or a copy with only the columns you need; or split it and load one part per session.';
const QUERY_TIPS =
  'To try: filter or aggregate before joining, select fewer columns, or look at a sample first.';

/**
 * Plain words for a failure that restarted DuckDB. `limitBytes` is what DuckDB may use in this tab
 * (its memory_limit), `restarted` what the restart did ("Sift restarted DuckDB and …").
 */
export function explainFatal(
  kind: FatalKind,
  work: FailedWork,
  duckdbText: string,
  restarted: string,
  limitBytes: number | null,
): Explained {
  const limit = limitBytes ? ` (${formatBytes(limitBytes)})` : '';
  // A file's failure is shown under "Could not load <file>.": it is not named again.
  const subject = 'file' in work ? `At ${formatBytes(work.bytes)}, it` : 'This query';
  const what = {
    memory: `${subject} needed more memory than this browser tab can give DuckDB${limit}.`,
    internal: `${subject} met an internal error in DuckDB, after which its answers could not be trusted.`,
    trap: `${subject} stopped DuckDB: most likely it needed more memory than the browser allows.`,
  }[kind];
  const tips = kind === 'internal' ? '' : ` ${'file' in work ? FILE_TIPS : QUERY_TIPS}`;
  return { message: `${what} ${restarted}${tips}`, details: duckdbText };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What a restart did with the session's tables, as the failure's words end (`restarted` above):
 * how many the database file kept, how many were read again, and which could not be.
 */
export function restartedWords(adopted: number, reloaded: number, lost: string[]): string {
  const done = [
    adopted > 0 ? `kept ${plural(adopted, 'table')} in its database file` : '',
    reloaded > 0 ? `loaded ${plural(reloaded, 'table')} again` : '',
  ].filter(Boolean);
  const again =
    done.length === 2 ? `, ${done[0]} and ${done[1]}` : done.map((d) => ` and ${d}`).join('');
  const missing = lost.length > 0 ? ` (${lost.join(', ')} could not be read again)` : '';
  return `Sift restarted DuckDB${again}${missing}; nothing else was lost.`;
}
