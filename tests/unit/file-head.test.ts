import { describe, expect, it } from 'vitest';
import { inspectHead } from '../../src/core/reading/file-head.ts';
import { vegaData } from '../helpers/vega-data.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const utf16le = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** The verdict for a file whose first bytes are the whole file. */
const wholeFile = (head: Uint8Array) => inspectHead(head, head.length);

describe('inspectHead: empty files', () => {
  it('calls a zero-byte file empty', () => {
    expect(inspectHead(new Uint8Array(0), 0)).toEqual({ kind: 'empty' });
  });

  it('calls a file of only white space empty', () => {
    expect(wholeFile(ascii('  \r\n\t\n   \n'))).toEqual({ kind: 'empty' });
  });

  it('does not call a file empty when only its white-space head was read', () => {
    const head = ascii('\n\n\n   ');
    expect(inspectHead(head, head.length + 5000)).toEqual({
      kind: 'text',
      encoding: 'utf-8',
      nulBytes: 0,
    });
  });

  it('does not call a file empty for a single visible character', () => {
    expect(wholeFile(ascii('\n \nx\n'))).toEqual({ kind: 'text', encoding: 'utf-8', nulBytes: 0 });
  });
});

describe('inspectHead: text encodings', () => {
  it('reads plain ASCII CSV as UTF-8', () => {
    expect(wholeFile(ascii('a,b,c\n1,2,3\n'))).toEqual({
      kind: 'text',
      encoding: 'utf-8',
      nulBytes: 0,
    });
  });

  it('reads UTF-8 with accents, symbols and emoji as UTF-8', () => {
    expect(wholeFile(utf8('city,price\nZürich,3 €\nSão Paulo,😀\n'))).toEqual({
      kind: 'text',
      encoding: 'utf-8',
      nulBytes: 0,
    });
  });

  it('reads UTF-8 with a byte-order mark as UTF-8', () => {
    const head = concat(bytes(0xef, 0xbb, 0xbf), utf8('name\nRenée\n'));
    expect(wholeFile(head)).toEqual({ kind: 'text', encoding: 'utf-8', nulBytes: 0 });
  });

  it('reads bytes that are not valid UTF-8, such as 0xE9 for é, as Windows-1252', () => {
    const head = concat(
      ascii('name,city\nRen'),
      bytes(0xe9),
      ascii('e,Montr'),
      bytes(0xe9),
      ascii('al\n'),
    );
    expect(wholeFile(head)).toEqual({ kind: 'text', encoding: 'windows-1252', nulBytes: 0 });
  });

  it('reads Windows-1252 punctuation (0x80–0x9F) as Windows-1252, not as binary', () => {
    const head = concat(
      ascii('note\n'),
      bytes(0x93),
      ascii('quoted'),
      bytes(0x94),
      ascii(' and 5'),
      bytes(0x80),
      ascii('\n'),
    );
    expect(wholeFile(head)).toEqual({ kind: 'text', encoding: 'windows-1252', nulBytes: 0 });
  });

  it.each([
    ['é (2 bytes) cut after 1', 'é', 1],
    ['€ (3 bytes) cut after 1', '€', 1],
    ['€ (3 bytes) cut after 2', '€', 2],
    ['😀 (4 bytes) cut after 1', '😀', 1],
    ['😀 (4 bytes) cut after 3', '😀', 3],
  ])('still reads UTF-8 when the sample ends inside a character: %s', (_, char, kept) => {
    const whole = utf8(`a,b\n1,${char}${char}\n`);
    const cut = utf8(`a,b\n1,${char}`).length + kept;
    const head = whole.slice(0, cut);
    expect(inspectHead(head, whole.length)).toEqual({
      kind: 'text',
      encoding: 'utf-8',
      nulBytes: 0,
    });
  });

  it('reads a file that truly ends inside a character as Windows-1252', () => {
    const head = concat(ascii('a,b\n1,'), bytes(0xe2, 0x82));
    expect(wholeFile(head)).toEqual({ kind: 'text', encoding: 'windows-1252', nulBytes: 0 });
  });

  it('reads UTF-16 little-endian with a byte-order mark as UTF-16LE', () => {
    const head = concat(bytes(0xff, 0xfe), utf16le('name,amount\nRenée,12\n'));
    expect(wholeFile(head)).toEqual({ kind: 'text', encoding: 'utf-16le', nulBytes: 0 });
  });

  it('reads UTF-16 big-endian with a byte-order mark as UTF-16BE', () => {
    const le = utf16le('a,b\n1,2\n');
    const be = le.map((_, i) => le[i ^ 1] as number);
    expect(wholeFile(concat(bytes(0xfe, 0xff), be))).toEqual({
      kind: 'text',
      encoding: 'utf-16be',
      nulBytes: 0,
    });
  });

  it('reads UTF-16 big-endian without a byte-order mark as UTF-16BE, not binary', () => {
    const le = utf16le('name,amount\nalpha,12\nbeta,7\n');
    expect(wholeFile(le.map((_, i) => le[i ^ 1] as number))).toEqual({
      kind: 'text',
      encoding: 'utf-16be',
      nulBytes: 0,
    });
  });

  it('reads UTF-16 little-endian without a byte-order mark as UTF-16LE, not binary', () => {
    expect(wholeFile(utf16le('name,amount\nalpha,12\nbeta,7\n'))).toEqual({
      kind: 'text',
      encoding: 'utf-16le',
      nulBytes: 0,
    });
  });

  it('reads BOM-less UTF-16LE holding some accented letters as UTF-16LE', () => {
    expect(wholeFile(utf16le('ville,prix\nMontréal,12\nQuébec,7\n'))).toEqual({
      kind: 'text',
      encoding: 'utf-16le',
      nulBytes: 0,
    });
  });

  it('tolerates tabs, carriage returns, form feeds and ESC in text', () => {
    expect(wholeFile(ascii('a\tb\r\n1\t2\f\x1b[0m\r\n'))).toEqual({
      kind: 'text',
      encoding: 'utf-8',
      nulBytes: 0,
    });
  });

  it('tolerates a stray control character in a long text (at most 1%)', () => {
    const head = ascii(`${'value\n'.repeat(50)}\x01${'value\n'.repeat(50)}`);
    expect(wholeFile(head)).toEqual({ kind: 'text', encoding: 'utf-8', nulBytes: 0 });
  });
});

describe('inspectHead: binary files', () => {
  const binary = (head: Uint8Array) => {
    const verdict = inspectHead(head, head.length + 100);
    expect(verdict.kind).toBe('binary');
    return verdict.kind === 'binary' ? verdict.reason : '';
  };

  it('recognises a ZIP archive, to be read as an Excel workbook if it is one', () => {
    const head = concat(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00), ascii('[Content_Types].xml'));
    expect(inspectHead(head, head.length + 100)).toEqual({ kind: 'zip' });
  });

  it('recognises an old Office (xls) document', () => {
    expect(binary(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toMatch(
      /Excel\/Office document \(\.xls\); save it as \.xlsx or CSV/,
    );
  });

  it('recognises a Parquet file by its magic number, to be read as Parquet', () => {
    const head = concat(ascii('PAR1'), bytes(0x15, 0x04, 0x15));
    expect(inspectHead(head, head.length)).toEqual({ kind: 'parquet' });
  });

  it('recognises a gzip archive and says to unpack it', () => {
    expect(binary(bytes(0x1f, 0x8b, 0x08, 0x00))).toMatch(/gzip.*unpack/);
  });

  it('recognises a PDF document', () => {
    expect(binary(ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'))).toMatch(/PDF/);
  });

  it('recognises PNG and JPEG images', () => {
    expect(binary(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toMatch(/PNG/);
    expect(binary(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10))).toMatch(/JPEG/);
  });

  it('recognises an SQLite database', () => {
    expect(binary(concat(ascii('SQLite format 3'), bytes(0x00, 0x10, 0x00)))).toMatch(/SQLite/);
  });

  it('reads text with a few NUL bytes as text, and counts them (regression: refused as binary)', () => {
    const head = concat(
      ascii('id,name\n1,Alice'),
      bytes(0, 0, 0),
      ascii('\n2,Bob'),
      bytes(0, 0),
      ascii('\n'),
    );
    expect(wholeFile(head)).toEqual({ kind: 'text', encoding: 'utf-8', nulBytes: 5 });
  });

  it('calls a head that is mostly NUL bytes binary data', () => {
    const head = concat(ascii('header,row\n'), new Uint8Array(4096));
    expect(binary(head)).toMatch(/binary data/);
  });

  it('calls a head full of control characters binary data', () => {
    expect(binary(bytes(0x01, 0x02, 0x03, 0x41, 0x42, 0x04, 0x05, 0x06, 0x43, 0x0a))).toMatch(
      /binary data/,
    );
  });

  it('reads a CSV whose first header merely starts with a signature word as text', () => {
    // The SQLite signature is the 16 bytes "SQLite format 3\0", not any text starting "SQLite".
    const head = ascii('SQLite version,released\n3.45.0,2024-01-15\n');
    expect(wholeFile(head)).toEqual({ kind: 'text', encoding: 'utf-8', nulBytes: 0 });
  });
});

describe('inspectHead: text that is not delimited (regression: cars.json became a 4,467-row table)', () => {
  const format = (text: string, size = text.length) => {
    const verdict = inspectHead(ascii(text), size);
    return verdict.kind === 'format' ? verdict.format : verdict.kind;
  };

  it('recognises a JSON array of records, whole or by its head', () => {
    const cars = new Uint8Array(vegaData('cars.json'));
    const verdict = inspectHead(cars.subarray(0, 200), cars.length);
    expect(verdict).toMatchObject({ kind: 'format', format: 'JSON' });
    expect(verdict.kind === 'format' && verdict.reason).toMatch(/JSON document.*save it as CSV/);
    expect(format('[{"a": 1}, {"a": 2}]')).toBe('JSON');
    expect(format('  \n[\n  [1, 2],\n  [3, 4]\n]')).toBe('JSON');
    expect(format('[1, 2, 3]')).toBe('JSON');
  });

  it('recognises a JSON object, such as a TopoJSON file', () => {
    const topo = new Uint8Array(vegaData('us-10m.json'));
    expect(inspectHead(topo.subarray(0, 300), topo.length)).toMatchObject({ format: 'JSON' });
    expect(format('{"name": "flare", "children": []}')).toBe('JSON');
    expect(format('{}')).toBe('JSON');
  });

  it('recognises JSON Lines', () => {
    expect(format('{"a": 1, "b": "x"}\n{"a": 2, "b": "y"}\n')).toBe('JSON Lines');
    expect(format('[1, "x"]\n[2, "y"]\n[3, "z"]\n', 9999)).toBe('JSON Lines');
  });

  it('recognises XML and HTML', () => {
    expect(format('<?xml version="1.0"?>\n<rows><row a="1"/></rows>')).toBe('XML');
    expect(format('<!DOCTYPE html>\n<html><body><table></table></body></html>')).toBe('HTML');
    expect(format('<html lang="en">\n<head>')).toBe('HTML');
    expect(format('<rows>\n  <row><a>1, 2</a></row>\n</rows>\n')).toBe('XML');
  });

  it('still reads delimited text whose first cell starts like JSON or markup', () => {
    expect(format('{a},b\n1,2\n')).toBe('text');
    expect(format('[note],value\nx,1\n')).toBe('text');
    expect(format('<b>name</b>,value\nx,1\n')).toBe('text');
    expect(format('<a>,<b>\n<1>,<2>\n')).toBe('text');
    expect(format('"{""a"": 1}",b\n"{""a"": 2}",c\n')).toBe('text');
    const weather = new Uint8Array(vegaData('seattle-weather.csv'));
    expect(inspectHead(weather, weather.length)).toMatchObject({ kind: 'text' });
  });
});

describe('inspectHead: a byte-order mark', () => {
  it('does not hide JSON Lines or a JSON array saved with one', () => {
    const bom = [0xef, 0xbb, 0xbf];
    const lines = new Uint8Array([...bom, ...Buffer.from('{"a": 1}\n{"a": 2}\n')]);
    const array = new Uint8Array([...bom, ...Buffer.from('[{"a": 1}]')]);
    expect(inspectHead(lines, lines.length)).toMatchObject({
      kind: 'format',
      format: 'JSON Lines',
    });
    expect(inspectHead(array, array.length)).toMatchObject({ kind: 'format', format: 'JSON' });
  });
});
