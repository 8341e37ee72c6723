/** Text written in a single-byte encoding, as an office export in that code page holds it. */
import { singleByteTable, type SingleByteEncoding } from '../../src/core/reading/text-encoding.ts';

/** `text` in `encoding`, byte by byte through its own table read backwards; throws on a character it cannot hold. */
export function encodeSingleByte(text: string, encoding: SingleByteEncoding): Uint8Array {
  const byChar = new Map(singleByteTable(encoding).map((c, b) => [c, b]));
  return Uint8Array.from([...text], (c) => {
    const b = byChar.get(c);
    if (b === undefined) throw new Error(`${encoding} has no ${c}`);
    return b;
  });
}
