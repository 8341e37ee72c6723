/**
 * Lines above a delimited table's header and below its last row (src/core/reading/title-lines.ts),
 * on the exports of tests/fixtures/exports as LibreOffice wrote them, and on files that have none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeSingleByte } from '../../src/core/reading/text-encoding.ts';
import { framing, trailer } from '../../src/core/reading/title-lines.ts';

const exported = (name: string, encoding: 'windows-1252' | 'utf-8' = 'windows-1252') => {
  const bytes = readFileSync(`tests/fixtures/exports/${name}`);
  return encoding === 'utf-8' ? bytes.toString('utf8') : decodeSingleByte(bytes, encoding);
};

describe('title lines and closing totals', () => {
  it('finds the French export’s title above its header', () => {
    expect(framing(exported('fr-libreoffice-windows1252.csv'))).toMatchObject({
      delimiter: ';',
      skip: 1,
      titles: ['Ventes par client — 1er trimestre 2024'],
    });
  });

  it('finds the bank statement’s six lines above its header, and its closing balance below', () => {
    const text = exported('de-bank-statement-windows1252.csv');
    const frame = framing(text)!;
    expect(frame.skip).toBe(6);
    expect(frame.titles[0]).toBe('Kontoauszug Girokonto');
    expect(frame.titles).toContain('Alter Kontostand 1.845,67');
    expect(trailer(text, frame.delimiter, frame.widest)).toEqual([';;;;Neuer Kontostand;;;-2,69']);
  });

  it('leaves alone a file whose first line is its header, and its last row', () => {
    const text = exported('us-libreoffice-utf8.csv', 'utf-8');
    const frame = framing(text)!;
    expect(frame).toMatchObject({ delimiter: ',', skip: 0, titles: [] });
    expect(trailer(text, frame.delimiter, frame.widest)).toEqual([]);
  });

  it('keeps a last row with empty fields that says no total, and sparse tables whole', () => {
    const rows = ['a;b;c;d', '1;2;3;4', '5;6;7;8', '9;10;11;12', '13;;;'];
    expect(trailer(rows.join('\n'), ';', 4)).toEqual([]);
    const sparse = ['a;b;c;d', '1;;;', ';2;;', ';;3;', 'Total;;;6'];
    expect(trailer(sparse.join('\n'), ';', 4)).toEqual([]);
    // A total named as such below full rows is not a row.
    expect(trailer([...rows.slice(0, 4), 'Total;;;24'].join('\n'), ';', 4)).toEqual(['Total;;;24']);
  });

  it('does not take a quoted line break for a title', () => {
    expect(framing('"a\nb";c;d\n1;2;3\n4;5;6\n')?.skip ?? 0).toBe(0);
  });

  it('reads lines that start with # as comments, never as the header or a title', () => {
    const text =
      '# Export from bank\n# generated 2024\nid,amount\n1,10\n# page break\n2,20\n3,30\n';
    expect(framing(text)).toMatchObject({
      delimiter: ',',
      skip: 0,
      titles: [],
      comment: '#',
      comments: ['# Export from bank', '# generated 2024', '# page break'],
    });
    // A title above comments is counted as DuckDB counts skip: without the comment lines.
    expect(framing('Report;;\n# note\na;b;c\n1;2;3\n4;5;6\n')).toMatchObject({
      skip: 1,
      titles: ['Report'],
    });
    // A `#` in a value would be cut by DuckDB's comment reading: comments are read as rows then.
    const hashed = framing('# Export\nid,what\n1,Order #5\n# page\n2,Item #7\n')!;
    expect([hashed.comment, hashed.skip]).toEqual(['', 1]);
    // A header that names a column `#` is a header.
    expect(framing('#,name,score\n1,Ana,3\n2,Bo,4\n')).toMatchObject({ skip: 0, comment: null });
  });
});
