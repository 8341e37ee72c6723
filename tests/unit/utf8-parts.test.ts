import { describe, expect, it } from 'vitest';
import { NoCut, utf8File, utf8Parts, Utf8Parts } from '../../workers/transcode.ts';
import { encodeSingleByte } from '../helpers/single-byte.ts';

const utf8 = new TextDecoder();

/** `bytes` as a stream of chunks of `size` bytes, as the worker reads a file in slices. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += size)));
    },
  });
}

async function parts(text: string, chunk: number, sizes = { firstRows: 1, rest: 8, most: 1000 }) {
  const stream = chunked(encodeSingleByte(text, 'windows-1252'), chunk);
  const out: string[] = [];
  for await (const part of utf8Parts(stream, 'windows-1252', sizes)) out.push(utf8.decode(part));
  return out;
}

describe('utf8Parts: a text made UTF-8 in parts cut at line ends', () => {
  it('cuts after line feeds once a part is long enough, and loses no byte', async () => {
    const text = 'Réf;Qté\n' + Array.from({ length: 40 }, (_, i) => `R${i};${i} €\n`).join('');
    const out = await parts(text, 16);
    expect(out.join('')).toBe(text);
    expect(out.length).toBeGreaterThan(5);
    for (const p of out.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
  });

  it('never cuts inside a quoted field, doubled quotes included', async () => {
    const row = (i: number) => `${i};"note ${i}\nsuite ""cité""\n– fin";x\n`;
    const text = 'n;note;y\n' + Array.from({ length: 30 }, (_, i) => row(i)).join('');
    for (const chunk of [3, 7, 16, 64]) {
      const out = await parts(text, chunk);
      expect(out.join('')).toBe(text);
      expect(out.length).toBeGreaterThan(3);
      // Each part is whole rows: its quotes are balanced, it ends a line, the next begins one.
      out.slice(0, -1).forEach((p, i) => {
        expect(p.split('"').length % 2).toBe(1);
        expect(p.endsWith('\n')).toBe(true);
        expect(out[i + 1]).toMatch(/^\d+;"note/);
      });
    }
  });

  it('ends the first part once it holds enough rows, a quoted line break not being one', async () => {
    const row = (i: number) => (i % 2 ? `${i};"a\nb"\n` : `${i};c\n`);
    const text = 'n;x\n' + Array.from({ length: 200 }, (_, i) => row(i)).join('');
    const sizes = { firstRows: 21, rest: 10_000, most: 100_000 };
    const out = await parts(text, 16, sizes);
    expect(out.join('')).toBe(text);
    expect(out.length).toBe(2);
    // The header and at least 20 rows: at least 21 line ends outside quotes.
    const rowsOf = (p: string) => p.replace(/"[^"]*"/g, '').split('\n').length - 1;
    expect(rowsOf(out[0]!)).toBeGreaterThanOrEqual(21);
    expect(rowsOf(out[0]!)).toBeLessThan(30);
  });

  it('gives up on parts when a quote never closes, and the whole text is still made', async () => {
    const text = 'n;inch\n1;3/4" pipe\n' + '2;x\n'.repeat(300);
    const bytes = encodeSingleByte(text, 'windows-1252');
    const sizes = { firstRows: 5, rest: 50, most: 400 };
    const out: string[] = [];
    await expect(async () => {
      for await (const part of utf8Parts(chunked(bytes, 64), 'windows-1252', sizes))
        out.push(utf8.decode(part));
    }).rejects.toBeInstanceOf(NoCut);
    expect(out).toEqual([]);
    const file = await utf8File(chunked(bytes, 64), 'windows-1252', 'inch.csv');
    expect(await file.text()).toBe(text);
  });

  it('cuts nothing after a quote that does not close, short of the most a part may hold', async () => {
    const text = 'a\n"' + 'open quote\n'.repeat(20);
    expect(await parts(text, 5)).toEqual(['a\n', text.slice(2)]);
  });

  it('hands the parts on with the next one begun, keeping the end of the text', async () => {
    const text = 'n\n' + Array.from({ length: 30 }, (_, i) => `${i}\n`).join('');
    const stream = chunked(encodeSingleByte(text, 'windows-1252'), 10);
    const taken = new Utf8Parts(
      utf8Parts(stream, 'windows-1252', { firstRows: 1, rest: 8, most: 1000 }),
      6,
    );
    const out: string[] = [];
    for (let part = await taken.next(); part; part = await taken.next())
      out.push(utf8.decode(part));
    expect(out.join('')).toBe(text);
    expect(out.length).toBeGreaterThan(3);
    expect(utf8.decode(taken.tail())).toBe('28\n29\n');
    expect(await taken.next()).toBeNull();
  });

  it('makes the whole text a file', async () => {
    const text = 'Libellé;Montant\nCafé – thé;3,50 €\n';
    const file = await utf8File(
      chunked(encodeSingleByte(text, 'windows-1252'), 4),
      'windows-1252',
      'a.csv',
    );
    expect([file.name, await file.text()]).toEqual(['a.csv', text]);
  });
});
