/**
 * Starting widths of the rows grid's columns, in pixels, from their type and name: a number or a
 * date needs far less than text, so that more of a wide table fits at 1280 px than at one width
 * for all (issue 33: "~5 of 11 columns fit"). A person drags or keys a column wider from there.
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

export function startWidth(name: string, type: string): number {
  const body =
    type === 'BOOLEAN'
      ? 64
      : inputKind(type) === 'number'
        ? 96
        : /^TIMESTAMP/.test(type)
          ? 168
          : inputKind(type) === 'date' || type === 'TIME'
            ? 104
            : 176;
  const header = Math.ceil(name.length * CHAR) + HEADER_CONTROLS;
  return clampWidth(Math.max(body, Math.min(header, 220)));
}

export const clampWidth = (px: number): number =>
  Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)));
