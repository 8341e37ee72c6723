/** Number and size formatting shared by the views. */
import type { NumberMarks } from '../core/data/typed-number.ts';
const counts = new Intl.NumberFormat('en-US');

export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : counts.format(n);
}

/** "1 row", "2,922 rows": a count with its noun, singular for one. */
export function countOf(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}

export { formatBytes } from '../core/data/bytes.ts';

const FORMAT_NAMES = {
  csv: 'CSV',
  tsv: 'TSV',
  parquet: 'Parquet',
  json: 'JSON',
  jsonl: 'JSON Lines',
  xlsx: 'Excel',
} as const;

/** A table's file format as people name it; delimited text when the table does not say. */
export function formatName(format: keyof typeof FORMAT_NAMES | undefined): string {
  return FORMAT_NAMES[format ?? 'csv'];
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function percent(part: number, whole: number): string {
  if (whole === 0) return '—';
  const p = (part / whole) * 100;
  return p > 0 && p < 1 ? '<1%' : `${Math.round(p)}%`;
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 4,
});

/** An estimated cost: a few significant cents, or "—" when the price is not known. */
export function formatCost(usd: number | null): string {
  if (usd === null) return 'cost unknown';
  if (usd > 0 && usd < 0.0001) return '<$0.0001';
  return dollars.format(usd);
}

/** A total's cost: "no charge" when every call was to a model on this computer (issue 32). */
export function formatCharge(usage: {
  costUsd: number | null;
  calls: number;
  noChargeCalls: number;
}): string {
  if (usage.calls > 0 && usage.noChargeCalls === usage.calls) return 'no charge';
  return `≈ ${formatCost(usage.costUsd)}`;
}

export function formatTokens(n: number): string {
  return n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : counts.format(n);
}

/** An estimated count, to the two significant digits it deserves: "≈1,900,000". */
export function formatEstimate(n: number): string {
  if (n < 100) return `≈${counts.format(n)}`;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return `≈${counts.format(Math.round(n / unit) * unit)}`;
}

/**
 * Columns whose whole numbers name something rather than count it: ids, codes, years, phone and
 * postal numbers. Their values are shown as written, without separators ("2012", not "2,012").
 */
const NAMING = /(^|[^a-z])(id|ids|key|code|zip|zipcode|postcode|postal|phone|year|yr|yyyy)$/i;
/** camelCase ids: customerId, orderID. */
const CAMEL_ID = /[a-z](Id|ID)$/;

/** Whether `column` holds numbers that name rather than count (by its name). */
export function namesThings(column: string): boolean {
  const name = column.trim();
  return NAMING.test(name) || CAMEL_ID.test(name) || /^id([^a-z]|$)/i.test(name);
}

/** Grouped by the person's own locale (the browser's), as people read numbers (issue 33). */
const grouped = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** The marks the cells are grouped with, for a search typed as the grid shows a number. */
export const numberMarks = ((): NumberMarks => {
  const parts = new Intl.NumberFormat(undefined).formatToParts(12345.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
})();

/** The browser locale's number formats, made once each (they are costly to make per cell). */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(undefined, options)));
  return format;
}

/** Grouped, with exactly `places` decimal places. */
const fixed = (places: number) =>
  numberFormat({ minimumFractionDigits: places, maximumFractionDigits: places });
const significant = (digits: number) => numberFormat({ maximumSignificantDigits: digits });

/**
 * A number cell as people read it, by their locale: separators in whole numbers (not in ids and
 * years, `column` says which), fractions to six significant digits or two decimals of a large
 * number (6,018,888.63; 862.022), binary floating point's noise gone. `full` is the exact value,
 * for the cell's tooltip, when the text differs from it; a copy or a download takes the value.
 */
export function formatCellNumber(
  n: number,
  column = '',
  /** The column's places (core/data/number-places.ts): each value shown with as many. */
  places: number | null = null,
): { text: string; full?: string; plain?: string } {
  const exact = String(n);
  if (!Number.isFinite(n)) return { text: exact };
  let text: string;
  if (places !== null && !(Number.isInteger(n) && namesThings(column)) && Math.abs(n) < 1e21)
    text = fixed(places).format(n);
  else if (Number.isInteger(n)) text = namesThings(column) ? exact : grouped.format(n);
  else if (Math.abs(n) < 1e-6 || Math.abs(n) >= 1e21) text = String(Number(n.toPrecision(6)));
  else {
    const whole = Math.max(1, Math.floor(Math.log10(Math.abs(n))) + 1);
    text = significant(Math.min(21, Math.max(6, whole + 2))).format(n);
  }
  // The value without separators or rounding beyond the float's noise (12 significant digits):
  // what a person would type, kept in the cell's data-value where the text differs.
  const plain = Number.isInteger(n) ? exact : String(Number(n.toPrecision(12)));
  if (text === exact) return { text };
  return plain === text ? { text, full: exact } : { text, full: exact, plain };
}
