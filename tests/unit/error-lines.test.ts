/**
 * DuckDB's error lines put back on the person's own query: messages as DuckDB 1.4 writes them
 * for a query inside Sift's wrapper (`DESCRIBE SELECT * FROM (\n…\n) AS q`).
 */
import { describe, expect, it } from 'vitest';
import { errorOnQueryLines } from '../../src/core/sql/error-lines.ts';

describe('errorOnQueryLines', () => {
  it('shows a one-line query without a line number, the caret still under the fault', () => {
    const duckdb =
      'Binder Error: Referenced column "nope" not found in FROM clause!\nCandidate bindings: "a"\n\nLINE 2: SELECT nope FROM data\n               ^';
    expect(errorOnQueryLines(duckdb, 'SELECT nope FROM data')).toBe(
      'Binder Error: Referenced column "nope" not found in FROM clause!\nCandidate bindings: "a"\n\nSELECT nope FROM data\n       ^',
    );
  });

  it('numbers the lines of a longer query as the person wrote them', () => {
    const query = 'SELECT a\nFROM dta';
    const duckdb =
      'Catalog Error: Table with name dta does not exist!\nDid you mean "data"?\n\nLINE 3: FROM dta\n             ^';
    expect(errorOnQueryLines(duckdb, query)).toBe(
      'Catalog Error: Table with name dta does not exist!\nDid you mean "data"?\n\nLine 2: FROM dta\n             ^',
    );
  });

  it('says "at the end of the query" instead of quoting the wrapper', () => {
    const duckdb = 'Parser Error: syntax error at or near ")"\n\nLINE 3: ) AS q\n        ^';
    expect(errorOnQueryLines(duckdb, 'SELECT a FROM data WHERE')).toBe(
      'Parser Error: syntax error at or near ")" (at the end of the query)',
    );
  });

  it('leaves a message without line numbers as it is', () => {
    expect(errorOnQueryLines('Out of Memory Error: failed to allocate', 'SELECT 1')).toBe(
      'Out of Memory Error: failed to allocate',
    );
  });
});
