/**
 * Which DuckDB failures restart the engine, and how a size DuckDB prints is read. The messages are
 * DuckDB's and the wasm runtime's own, as measured (issue 30, exhaustion.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { duckdbBytes } from '../../src/core/data/bytes.ts';
import { explainFatal, fatalKind } from '../../src/core/data/engine-failure.ts';

describe('fatalKind', () => {
  it.each([
    [
      'DuckDB could not read it: Out of Memory Error: could not allocate block of size 30.5 MiB (3.1 GiB/3.1 GiB used)',
      'memory',
    ],
    [
      'Out of Memory Error: failed to allocate data of size 16.0 MiB (3.1 GiB/3.1 GiB used)',
      'memory',
    ],
    ['INTERNAL Error: Attempted to access index 3 within vector of size 3', 'internal'],
    [
      'FATAL Error: Failed: database has been invalidated because of a previous fatal error',
      'internal',
    ],
    ['memory access out of bounds', 'trap'],
    ['RuntimeError: unreachable', 'trap'],
    // Every call after a query read the tab's own database file, reset() too (issue 46).
    ['DuckDB could not read it: Maximum call stack size exceeded', 'internal'],
    ['InternalError: too much recursion', 'internal'],
  ])('%s → %s', (message, kind) => {
    expect(fatalKind(message)).toBe(kind);
  });

  it.each([
    'Binder Error: Referenced column "nope" not found in FROM clause!',
    'Parser Error: syntax error at or near "SELEC"',
    "Conversion Error: Could not convert string 'memory' to INT32",
    'Invalid Input Error: CSV Error on Line: 3',
    // A column or value that merely names the words is not a failure of DuckDB.
    'Binder Error: Referenced column "out_of_memory" not found',
  ])('an ordinary error restarts nothing: %s', (message) => {
    expect(fatalKind(message)).toBeNull();
  });

  it('says the file, its size, the limit and what to try; DuckDB’s text is kept apart', () => {
    const said = explainFatal(
      'memory',
      { file: 'orders.csv', bytes: 5_000_000_000 },
      'Out of Memory Error: could not allocate block',
      'Sift restarted DuckDB; nothing else was lost.',
      3.1 * 2 ** 30,
    );
    expect(said.message).toBe(
      'At 4.66 GB, it needed more memory than this browser tab can give DuckDB (3.10 GB). Sift restarted DuckDB; nothing else was lost. To work with it here: load a sample or a filtered part of it, or a copy with only the columns you need; or split it and load one part per session.',
    );
    expect(said.details).toBe('Out of Memory Error: could not allocate block');
  });
});

describe('duckdbBytes', () => {
  it.each([
    ['3.1 GiB', Math.round(3.1 * 2 ** 30)],
    ['45.7 MiB', Math.round(45.7 * 2 ** 20)],
    ['0 bytes', 0],
    ['1.5 GB', 1.5e9],
    ['lots', null],
    [null, null],
  ])('%s → %s', (text, bytes) => {
    expect(duckdbBytes(text)).toBe(bytes);
  });
});
