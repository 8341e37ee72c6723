/**
 * The text encodings Sift reads, as the engine, storage and an exported session name them; which
 * one a file was written in is read from its bytes (core/reading/text-encoding.ts).
 */
import { z } from 'zod';

/** The encodings Sift reads, by their WHATWG label, with what a person calls them. */
export const ENCODINGS = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
  'windows-1250': 'Windows-1250 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  'windows-1253': 'Windows-1253 (Greek)',
  'windows-1254': 'Windows-1254 (Turkish)',
  'windows-1257': 'Windows-1257 (Baltic)',
  'iso-8859-2': 'ISO-8859-2 (Central European)',
  'iso-8859-15': 'ISO-8859-15 (Western European, with €)',
  'koi8-r': 'KOI8-R (Russian)',
} as const;

export type TextEncodingName = keyof typeof ENCODINGS;

/** An encoding name as stored with a session or in a `.sift` file, checked on the way back. */
export const textEncodingName = z.enum(
  Object.keys(ENCODINGS) as [TextEncodingName, ...TextEncodingName[]],
);

export const isEncodingName = (s: string): s is TextEncodingName => s in ENCODINGS;
