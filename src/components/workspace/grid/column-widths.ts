/**
 * Starting widths of the rows grid's columns, in pixels, from their type and name: a number or a
 * date needs far less than text, and text as much as its longest value among the first rows, so
 * that more of a wide table fits at 1280 px than at one width for all (issue 33: "~5 of 11
 * columns fit"; the sample's 7 columns overflowed by 80 px at 176 px a text column). A person
 * drags or keys a column wider from there.
 */
import { inputKind } from '../../../core/data/grid-view.ts';

export const MIN_WIDTH = 56;
export const MAX_WIDTH = 640;
/** What one arrow key press moves a column's edge by. */
export const KEY_STEP = 16;
/** Room in a header for the sort arrow and the filter button beside the name. */
const HEADER_CONTROLS = 58;
/** Width of a character of the header's bold 0.85rem sans, measured in Chromium: "temp_max" is 66 px. */
const CHAR = 8.3;
/** Width of a character of a cell's 0.85rem monospace, measured in Chromium: "2012-01-01" is 76 px. */
const CELL_CHAR = 7.65;
/** A cell's padding (0.6rem each side) and a little air. */
const CELL_PAD = 26;
/** Text is given this much before its values are read, and at most this much from them. */
const TEXT_WIDTH = 176;
const TEXT_MAX = 320;
/** Text narrower than this reads as a code squeezed in: the header usually sets more anyway. */
const TEXT_MIN = 72;

/**
 * A column's starting width. `longest` is the length, in characters, of the longest value of a
 * text column among the first rows shown (TableRows.textLengths); unknown, text gets 176 px.
 */
export function startWidth(name: string, type: string, longest?: number): number {
  const body =
    type === 'BOOLEAN'
      ? 64
      : inputKind(type) === 'number'
        ? // As wide as its widest number (issue 45: `2,338.9|4` was cut at the edge).
          Math.max(96, Math.ceil((longest ?? 0) * CELL_CHAR) + CELL_PAD)
        : /^TIMESTAMP/.test(type)
          ? 168
          : inputKind(type) === 'date' || type === 'TIME'
            ? 104
            : longest === undefined
              ? TEXT_WIDTH
              : Math.min(TEXT_MAX, Math.max(TEXT_MIN, Math.ceil(longest * CELL_CHAR) + CELL_PAD));
  const header = Math.ceil(name.length * CHAR) + HEADER_CONTROLS;
  return clampWidth(Math.max(body, Math.min(header, 220)));
}

export const clampWidth = (px: number): number =>
  Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)));
