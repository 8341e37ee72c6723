/**
 * Numbers written the way an office writes them — `1 234,56 €`, `1.234,56`, `"$1,234.56"`,
 * `(1.234,00)`, `12,5 %`, `1'234.50`, `−0.4%` — read as numbers (issue 28). A column is judged
 * from the *shapes* of all its values (digits written as 0, counted by DuckDB over the whole
 * column: workers/local-formats.ts), so that `1,234` is read one way for every row; this module
 * is the judgement and the SQL that converts, and knows nothing of the engine.
 */
import { quoteLiteral } from '../sql/sql-text.ts';

/** One distinct shape of a column's values, as counted over the whole column. */
export interface ValueShape {
  /** The trimmed value with every digit written as 0. */
  shape: string;
  /** Whether the values of this shape start (after a sign or currency) with 0 and another digit. */
  leadingZero: boolean;
  count: number;
  /** One value of this shape, as written. */
  example: string;
}

export type Decimal = '.' | ',';
/** A thousands separator: any of the spaces (plain, no-break, narrow no-break) count as one. */
export type Group = '.' | ',' | ' ' | "'";

export interface NumberFormat {
  decimal: Decimal;
  group: Group;
  /** The decimal places to keep: the most any value has. */
  scale: number;
  /** Digits before the decimal separator, at most. */
  integerDigits: number;
  percent: boolean;
  /** Currency signs and codes seen before or after the numbers. */
  currencies: string[];
  negatives: Array<'minus' | 'trailing minus' | 'parentheses'>;
  /** Whether a value used the decimal or the group separator (or neither: whole numbers). */
  usesDecimal: boolean;
  usesGroup: boolean;
}

export interface NumberVerdict {
  format: NumberFormat;
  /** Values read as numbers; values that are a NULL marker (`—`, `n/a`); values that did not fit. */
  fitted: number;
  blanks: number;
  misfits: number;
  /** A value as written and as read, for the page. */
  example: { from: string; to: string };
  /** Why another reading was possible, when it was. */
  ambiguous?: string;
}

const SPACES = ' \u00a0\u202f';
const CURRENCY_SIGNS = '$€£¥₽₺₹₩₪₴₫₦₱฿';
/**
 * Currency words and ISO 4217 codes written beside amounts. A list, not any three capitals:
 * `INV-300` is an invoice number, not an amount in "INV".
 */
const CURRENCY_WORDS = [
  ...['zł', 'Kč', 'kr', 'Ft', 'lei', 'лв', 'руб.', 'руб', 'р.', 'TL', 'Fr.', 'R$'],
  ...'EUR USD GBP CHF PLN CZK HUF RON BGN RUB UAH TRY SEK NOK DKK ISK JPY CNY INR BRL CAD AUD NZD ZAR MXN ILS KRW HKD SGD'.split(
    ' ',
  ),
];

/** Values that stand for "no value" in exports and pasted tables. */
const NULL_MARKERS = new Set([
  '-',
  '–',
  '—',
  '−',
  'n/a',
  'na',
  '#n/a',
  'null',
  'none',
  '..',
  '…',
  '?',
  'nan',
]);

export const isNullMarker = (value: string) => NULL_MARKERS.has(value.trim().toLowerCase());

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CURRENCY = `(?:[${CURRENCY_SIGNS}]|${CURRENCY_WORDS.map(escapeRe).join('|')})`;
const SP = `[${SPACES}]*`;

/** A value's parts: sign and currency around a body of digits and separators. */
const VALUE = new RegExp(
  `^(?<lead>[-−+(])?${SP}(?<cur1>${CURRENCY})?${SP}(?<lead2>[-−])?${SP}(?<body>0[0-9.,'${SPACES}]*0|0)${SP}(?<pct>%)?${SP}(?<cur2>${CURRENCY})?${SP}(?<trail>[-−)])?$`,
  'u',
);

interface Parts {
  body: string;
  percent: boolean;
  currency: string | null;
  negative: NumberFormat['negatives'][number] | null;
}

function parts(shape: string): Parts | null {
  const m = VALUE.exec(shape);
  if (!m?.groups) return null;
  const { lead, lead2, cur1, cur2, trail, pct, body } = m.groups;
  if ((lead === '(') !== (trail === ')')) return null;
  const minus = (s: string | undefined) => s === '-' || s === '−';
  // One sign of negative at most: `--12` and `(-12)` are not numbers.
  const signs = [minus(lead), minus(lead2), minus(trail), lead === '('];
  if (signs.filter(Boolean).length > 1) return null;
  const negative =
    signs[0] || signs[1] ? 'minus' : signs[2] ? 'trailing minus' : signs[3] ? 'parentheses' : null;
  return { body: body!, percent: pct === '%', currency: cur1 ?? cur2 ?? null, negative };
}

/** How `body` reads with this decimal and group separator; null when it cannot. */
function readBody(
  body: string,
  decimal: Decimal,
  group: Group,
): { integerDigits: number; scale: number; grouped: boolean } | null {
  const at = body.indexOf(decimal);
  if (at !== body.lastIndexOf(decimal)) return null;
  const whole = at < 0 ? body : body.slice(0, at);
  const fraction = at < 0 ? '' : body.slice(at + 1);
  if (at >= 0 && !/^0+$/.test(fraction)) return null;
  const groups = whole.split(group === ' ' ? /[ \u00a0\u202f]/ : group);
  if (groups.some((g) => !/^0+$/.test(g))) return null;
  if (groups.length > 1 && (groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3)))
    return null;
  return {
    integerDigits: groups.join('').length,
    scale: fraction.length,
    grouped: groups.length > 1,
  };
}

const CANDIDATES: Array<[Decimal, Group]> = [
  ['.', ','],
  [',', '.'],
  [',', ' '],
  ['.', ' '],
  ['.', "'"],
  [',', "'"],
];

interface Fit {
  decimal: Decimal;
  group: Group;
  fitted: number;
  misfits: number;
  format: NumberFormat;
  example: ValueShape | null;
}

function fit(shapes: ValueShape[], decimal: Decimal, group: Group): Fit {
  const format: NumberFormat = {
    decimal,
    group,
    scale: 0,
    integerDigits: 1,
    percent: false,
    currencies: [],
    negatives: [],
    usesDecimal: false,
    usesGroup: false,
  };
  let fitted = 0;
  let misfits = 0;
  let example: ValueShape | null = null;
  let exampleScore = -1;
  for (const s of shapes) {
    const p = parts(s.shape);
    const read = p && !s.leadingZero ? readBody(p.body, decimal, group) : null;
    if (!p || !read) {
      misfits += s.count;
      continue;
    }
    fitted += s.count;
    format.scale = Math.max(format.scale, read.scale);
    format.integerDigits = Math.max(format.integerDigits, read.integerDigits);
    format.usesDecimal ||= read.scale > 0;
    format.usesGroup ||= read.grouped;
    format.percent ||= p.percent;
    if (p.currency && !format.currencies.includes(p.currency)) format.currencies.push(p.currency);
    if (p.negative && !format.negatives.includes(p.negative)) format.negatives.push(p.negative);
    // The example shows as much of the format as one value can.
    const score =
      (read.grouped ? 2 : 0) + (read.scale > 0 ? 2 : 0) + (p.currency || p.percent ? 1 : 0);
    if (score > exampleScore) [example, exampleScore] = [s, score];
  }
  return { decimal, group, fitted, misfits, format, example };
}

/** Values that differ from what DuckDB's own reader takes as a number. */
function isLocal(f: NumberFormat): boolean {
  return (
    f.usesGroup ||
    (f.usesDecimal && f.decimal === ',') ||
    f.percent ||
    f.currencies.length > 0 ||
    f.negatives.some((n) => n !== 'minus')
  );
}

/** Of all values (NULL markers aside), at least this share must read as numbers. */
export const MIN_FIT = 0.9;

/**
 * The largest share of the values (NULL markers aside) that one format reads as numbers: from a
 * sample, whether the whole column is worth counting.
 */
export function numberFit(shapes: ValueShape[]): number {
  const values = shapes.filter((s) => !isNullMarker(s.shape));
  const total = values.reduce((n, s) => n + s.count, 0);
  if (total === 0) return 0;
  return Math.max(...CANDIDATES.map(([d, g]) => fit(values, d, g).fitted)) / total;
}

/** SQL: whether `column` holds no value (blank, or a NULL marker such as `—` or `n/a`). */
export function blankSql(column: string): string {
  const markers = [...NULL_MARKERS].map(quoteLiteral).join(', ');
  return `(trim(${column}) = '' OR lower(trim(${column})) IN (${markers}))`;
}

/**
 * How a column of text reads as numbers; null when it does not (too many values that are not
 * numbers, or identifiers with leading zeros). `decimalHint` settles a column whose values read
 * either way (`1,234`): the separator the table's other columns showed.
 */
export function judgeNumbers(
  shapes: ValueShape[],
  decimalHint: Decimal | null,
): NumberVerdict | null {
  const blanks = shapes.filter((s) => isNullMarker(s.shape)).reduce((n, s) => n + s.count, 0);
  const values = shapes.filter((s) => !isNullMarker(s.shape));
  const total = values.reduce((n, s) => n + s.count, 0);
  if (total === 0) return null;
  // 01067, 007: codes written with their leading zeros, not amounts.
  if (values.some((s) => s.leadingZero)) return null;
  const fits = CANDIDATES.map(([d, g]) => fit(values, d, g)).filter(
    (f) => f.fitted >= total * MIN_FIT && f.fitted > 0,
  );
  if (fits.length === 0) return null;
  const best = Math.max(...fits.map((f) => f.fitted));
  const top = fits.filter((f) => f.fitted === best);
  // Among readings that fit as many values, the one whose separators the values use.
  const used = (f: Fit) => Number(f.format.usesGroup) + Number(f.format.usesDecimal);
  const mostUsed = Math.max(...top.map(used));
  const preferred = top.filter((f) => used(f) === mostUsed);
  const decimals = new Set(preferred.map((f) => f.decimal));
  let chosen = preferred[0]!;
  let ambiguous: string | undefined;
  // Readings that differ only in a separator no value has read every value alike.
  const separated = values.some((s) => /[.,]/.test(parts(s.shape)?.body ?? ''));
  if (decimals.size > 1 && !separated)
    chosen = preferred.find((f) => f.decimal === (decimalHint ?? '.')) ?? chosen;
  else if (decimals.size > 1) {
    const decimal: Decimal = decimalHint ?? '.';
    chosen = preferred.find((f) => f.decimal === decimal) ?? chosen;
    const sample = chosen.example?.example ?? '';
    ambiguous = decimalHint
      ? `“${sample}” could be read either way; the other columns of the file write decimals with “${decimal}”, so it was read so.`
      : `“${sample}” could be read either way; it was read with “${decimal}” as the decimal separator.`;
  }
  if (!isLocal(chosen.format) && chosen.misfits === 0 && blanks === 0) return null;
  const exampleValue = chosen.example?.example ?? '';
  return {
    format: chosen.format,
    fitted: chosen.fitted,
    blanks,
    misfits: chosen.misfits,
    example: { from: exampleValue, to: readNumber(exampleValue, chosen.format) ?? '' },
    ...(ambiguous ? { ambiguous } : {}),
  };
}

/** A value read with `format`, as decimal text (`-1234.56`); null when it does not fit. */
export function readNumber(value: string, format: NumberFormat): string | null {
  const trimmed = value.replace(/^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g, '');
  const p = parts(trimmed.replace(/[0-9]/g, '0'));
  if (!p) return null;
  const start = trimmed.search(/[0-9]/);
  const body = trimmed.slice(start, start + p.body.length);
  if (!readBody(p.body, format.decimal, format.group)) return null;
  const plain = [...body].filter((c) => /[0-9]/.test(c) || c === format.decimal).join('');
  const text = plain.replace(format.decimal, '.');
  return `${p.negative ? '-' : ''}${text}`;
}

/** The SQL type a column of these numbers gets: exact decimals where they fit in DECIMAL(18). */
export function numberType(f: NumberFormat): string {
  if (f.integerDigits + f.scale > 18) return 'DOUBLE';
  return f.scale === 0 ? 'BIGINT' : `DECIMAL(18, ${f.scale})`;
}

const SPACE_CLASS = `[\\s\\x{00a0}\\x{202f}]`;

/** The RE2 pattern (DuckDB's regexes) of a value in this format, whole. */
function valuePattern(f: NumberFormat): string {
  const g = f.group === ' ' ? SPACE_CLASS : escapeRe(f.group);
  const d = escapeRe(f.decimal);
  const body = `(?:[0-9]{1,3}(?:${g}[0-9]{3})+|[0-9]+)(?:${d}[0-9]+)?`;
  const sp = `${SPACE_CLASS}*`;
  // CURRENCY reads the same in RE2 as in JavaScript: a class of signs, words escaped.
  const inner = `${CURRENCY}?${sp}[-−]?${sp}${body}${sp}%?${sp}${CURRENCY}?`;
  return `^${sp}(?:\\(${sp}${inner}${sp}\\)|[-−+]?${sp}${inner}${sp}[-−]?)${sp}$`;
}

/** Whether `column` is a value in this format: its pattern, and one sign of negative at most. */
function fitsSql(column: string, f: NumberFormat): string {
  return `(regexp_full_match(${column}, ${quoteLiteral(valuePattern(f))}) AND length(regexp_replace(${column}, '[^-−(]', '', 'g')) <= 1)`;
}

/**
 * The SQL that reads `column` (a quoted identifier) in this format: the number, or NULL for a
 * value that does not fit (kept as written beside it: `misfitSql`).
 */
export function numberSql(column: string, f: NumberFormat): string {
  const digits = `regexp_extract(${column}, ${quoteLiteral("[0-9][0-9.,'\\s\\x{00a0}\\x{202f}]*[0-9]|[0-9]")})`;
  const groupOut =
    f.group === ' '
      ? `regexp_replace(${digits}, ${quoteLiteral(SPACE_CLASS)}, '', 'g')`
      : `replace(${digits}, ${quoteLiteral(f.group)}, '')`;
  const plain = f.decimal === ',' ? `replace(${groupOut}, ',', '.')` : groupOut;
  const negative = `regexp_matches(${column}, ${quoteLiteral('^[^0-9]*[-−(]|[-−)][^0-9]*$')})`;
  const type = numberType(f);
  return `CASE WHEN ${fitsSql(column, f)} THEN CAST((CASE WHEN ${negative} THEN '-' ELSE '' END) || ${plain} AS ${type}) END`;
}

/** The values of `column` that are neither numbers in this format nor a NULL marker, as written. */
export function misfitSql(column: string, f: NumberFormat): string {
  return `CASE WHEN NOT ${fitsSql(column, f)} AND NOT ${blankSql(column)} THEN ${column} END`;
}

const GROUP_WORDS: Record<Group, string> = {
  '.': 'a point between thousands',
  ',': 'a comma between thousands',
  ' ': 'a space between thousands',
  "'": 'an apostrophe between thousands',
};

/** The format in words: "decimal comma, a space between thousands, € left out". */
export function describeFormat(f: NumberFormat): string {
  const words: string[] = [];
  if (f.usesDecimal) words.push(f.decimal === ',' ? 'decimal comma' : 'decimal point');
  if (f.usesGroup) words.push(GROUP_WORDS[f.group]);
  if (f.percent) words.push('% left out (12,5 % is 12.5, not 0.125)');
  if (f.currencies.length) words.push(`${f.currencies.join(', ')} left out`);
  if (f.negatives.includes('parentheses')) words.push('(…) as negative');
  if (f.negatives.includes('trailing minus')) words.push('a trailing minus as negative');
  return words.join(', ');
}
