/**
 * How many decimal places a column of numbers is shown with, so that a table of money reads as
 * one (issue 45: `845,656` beside `953,524.78` and `24,981.7` in one DECIMAL(18,2) column). A
 * column of a fixed scale keeps its places; a column of doubles gets the places its values need,
 * the same for each value, so that they align on the decimal mark.
 */
import type { Cell } from './cell.ts';

/** At most this many places for doubles: beyond, a value is rounded (its whole value on hover). */
export const MAX_PLACES = 10;

/** The scale of a DECIMAL(p,s) type; null for any other. */
export function fixedScale(type: string): number | null {
  const m = /^DECIMAL\(\s*\d+\s*,\s*(\d+)\s*\)$/.exec(type);
  return m ? Number(m[1]) : null;
}

/**
 * Places a value needs: its own, its binary floating point noise gone (12 significant digits),
 * but no more than six significant digits, or two decimals of a large number, would show — the
 * page's rounding of a lone number (components/format.ts): 862.022107438 needs 3, 6018888.63
 * needs 2, 0.000123456 needs 9.
 */
function placesOf(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return 0;
  const text = String(Number(n.toPrecision(12)));
  if (/e/i.test(text)) return MAX_PLACES;
  const dot = text.indexOf('.');
  const own = dot < 0 ? 0 : text.length - dot - 1;
  const magnitude = Math.floor(Math.log10(Math.abs(n)));
  const shown = magnitude < 0 ? 5 - magnitude : Math.max(2, 5 - magnitude);
  return Math.min(own, shown);
}

/** The places the numbers among `values` need, at most MAX_PLACES; null when none is a number. */
export function placesNeeded(values: Iterable<Cell | undefined>): number | null {
  let most: number | null = null;
  for (const v of values) {
    if (typeof v !== 'number') continue;
    most = Math.max(most ?? 0, Math.min(MAX_PLACES, placesOf(v)));
  }
  return most;
}

/** The places a column shows: its scale when fixed, else what its values need (doubles). */
export function columnPlaces(type: string, values: Iterable<Cell | undefined>): number | null {
  const scale = fixedScale(type);
  if (scale !== null) return scale;
  return /^(DOUBLE|FLOAT|REAL)$/.test(type) || type === '' ? placesNeeded(values) : null;
}

/**
 * Characters a number takes as shown with `places` places and a group mark every three digits
 * (`-1,234,567.89`: 13), for a column as wide as its widest number.
 */
export function shownChars(n: number, places: number): number {
  const digits = Math.max(1, Math.floor(Math.log10(Math.max(1, Math.abs(Math.trunc(n))))) + 1);
  return (n < 0 ? 1 : 0) + digits + Math.floor((digits - 1) / 3) + (places > 0 ? places + 1 : 0);
}
