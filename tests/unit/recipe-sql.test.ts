/** A recipe's statements rewritten for native DuckDB, and the script of several (core/sql/recipe-sql.ts). */
import { describe, expect, it } from 'vitest';
import { nativeStatements, needsEncodings } from '../../src/core/sql/recipe-sql.ts';

const READ = (path: string, encoding = 'utf-8') =>
  `CREATE TABLE "t" AS SELECT * FROM read_csv('${path}', encoding = '${encoding}', header = true)`;

describe('nativeStatements', () => {
  const source = { path: 'uploads/3-o_Brien.csv', fileName: "o'Brien.csv", gzip: false };

  it('reads the file by its own name, quoted, wherever the worker path was', () => {
    const recorded = [READ('uploads/3-o_Brien.csv'), 'DELETE FROM "t" WHERE rowid >= 4'];
    expect(nativeStatements(recorded, { ...source, encoding: 'utf-8' })).toEqual([
      READ("o''Brien.csv"),
      'DELETE FROM "t" WHERE rowid >= 4',
    ]);
  });

  it('decodes a text Sift made UTF-8 itself with DuckDB’s own name for its encoding', () => {
    const [utf16] = nativeStatements([READ(source.path)], { ...source, encoding: 'utf-16le' });
    expect(utf16).toBe(READ("o''Brien.csv", 'utf-16'));
    const [cp1252] = nativeStatements([READ(source.path)], { ...source, encoding: 'windows-1252' });
    expect(cp1252).toBe(READ("o''Brien.csv", 'windows-1252-2000'));
    expect(needsEncodings([cp1252!])).toBe(true);
    expect(needsEncodings([utf16!])).toBe(false);
  });

  it('keeps Latin-1, which Sift had DuckDB read in place', () => {
    const read = READ(source.path, 'latin-1');
    const [out] = nativeStatements([read], { ...source, encoding: 'windows-1252' });
    expect(out).toBe(READ("o''Brien.csv", 'latin-1'));
  });

  it('tells DuckDB of gzip when the file’s name does not', () => {
    const gz = { path: 'uploads/1-a.csv.gz', fileName: 'a.csv', encoding: 'utf-8' as const };
    const [out] = nativeStatements([READ(gz.path)], { ...gz, gzip: true });
    expect(out).toContain("read_csv('a.csv', compression = 'gzip', encoding");
    const [named] = nativeStatements([READ(gz.path)], { ...gz, fileName: 'a.csv.gz', gzip: true });
    expect(named).toContain("read_csv('a.csv.gz', encoding");
  });
});
