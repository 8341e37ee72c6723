/**
 * A number as a person types it, in their locale's marks ("12,345.5"; "12.345,5" in German;
 * "12 345,5" in French), read as DuckDB writes it ("12345.5"): the rows grid searches for both,
 * as it shows numbers grouped (core/data/grid-view.ts, withSearch).
 */

/** How the person's locale writes a number: its grouping and decimal marks. */
export interface NumberMarks {
  group: string;
  decimal: string;
}

/** Space-like marks a person may type for a narrow no-break space (French, Swedish…). */
const SPACES = ' \u00a0\u202f';
const escapeClass = (s: string): string => s.replace(/[\\\]^-]/g, '\\$&');

/**
 * The text read as a number written with these marks, as DuckDB writes it, or undefined when it
 * is not one or reads the same in DuckDB's text (plain digits are found as they are). The groups
 * must be whole (1,234,567), so that "1,5" — a half-typed number or a list — is not read as 15.
 */
export function searchedNumber(text: string, marks: NumberMarks): string | undefined {
  const t = text.trim();
  const group = /\s/.test(marks.group) ? SPACES : marks.group;
  // A Swiss apostrophe is typed as the straight one as often as the curly one.
  const groups = escapeClass(group === '’' ? "’'" : group);
  const decimal = escapeClass(marks.decimal);
  const shape = new RegExp(`^-?(\\d{1,3}([${groups}]\\d{3})+|\\d+)([${decimal}]\\d+)?$`);
  if (!shape.test(t)) return undefined;
  const number = t.replace(new RegExp(`[${groups}]`, 'g'), '').replace(marks.decimal, '.');
  return number === t ? undefined : number;
}
