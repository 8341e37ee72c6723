/** A recipe's statements rewritten for native DuckDB, and the script of several (core/sql/recipe-sql.ts). */
import { describe, expect, it } from 'vitest';
import { nativeStatements, needsEncodings, recipeScript } from '../../src/core/sql/recipe-sql.ts';

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

describe('recipeScript', () => {
  it('names each table’s file and DuckDB’s version at the top, each statement ended', () => {
    const script = recipeScript(
      [
        { name: 'a', fileName: 'a.csv', recipe: [READ('a.csv')] },
        { name: 'b', fileName: 'b\nc.csv', recipe: [READ('b.csv', 'windows-1250-2000')] },
      ],
      'v1.4.3',
    );
    expect(script.split('\n')).toEqual([
      '-- Tables as Sift read them, for native DuckDB run in the folder that holds the files.',
      '-- Made with DuckDB v1.4.3.',
      '-- a: read from a.csv',
      '-- b: read from b c.csv',
      '',
      '-- The encodings extension decodes code pages DuckDB does not read by itself;',
      '-- INSTALL downloads it once (it needs the internet).',
      'INSTALL encodings;',
      'LOAD encodings;',
      '',
      '-- a',
      `${READ('a.csv')};`,
      '',
      '-- b',
      `${READ('b.csv', 'windows-1250-2000')};`,
      '',
    ]);
  });

  it('loads no extension when none is needed, and says when the version is not known', () => {
    const script = recipeScript([{ name: 'a', fileName: 'a.csv', recipe: [READ('a.csv')] }]);
    expect(script).not.toContain('encodings');
    expect(script).toContain('-- Made with DuckDB (version not known).');
  });
});
