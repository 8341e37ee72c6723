/** Number and size formatting shared by the views. */
const counts = new Intl.NumberFormat('en-US');

export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : counts.format(n);
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
 * A number cell as people read it: binary floating point's noise rounded away
 * (202.29999999999995 → 202.3, at 12 significant digits), whole numbers as they are (years and
 * ids take no separators). `full` is the exact value, for the cell's tooltip, when it differs.
 */
export function formatCellNumber(n: number): { text: string; full?: string } {
  if (!Number.isFinite(n) || Number.isInteger(n)) return { text: String(n) };
  const text = String(Number(n.toPrecision(12)));
  return text === String(n) ? { text } : { text, full: String(n) };
}
