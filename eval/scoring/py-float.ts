/**
 * Python's `float(str)` in TypeScript: both benchmarks' scorers call it on text, so what it
 * accepts decides what counts as a number. It strips Python whitespace, allows `_` between
 * digits, `inf`/`infinity`/`nan` in any case, `.5`, `5.` and exponents; it rejects `1,000`,
 * `34%` and `$3` (Python raises ValueError; here: `null`). Non-ASCII digits, which Python also
 * takes, are not handled.
 */

// Characters `str.strip()` removes (str.isspace()): JS `\s` differs (it has U+FEFF, lacks U+001C–U+001F, U+0085).
const PY_SPACE =
  '\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g');
const DIGITS = '\\d(?:_?\\d)*';
const DECIMAL = new RegExp(
  `^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`,
);
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

export function pyFloat(text: string): number | null {
  const s = text.replace(STRIP, '');
  const special = SPECIAL.exec(s);
  if (special) {
    if (special[2]!.toLowerCase() === 'nan') return Number.NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  if (!DECIMAL.test(s)) return null;
  return Number(s.replaceAll('_', ''));
}
