/**
 * How validate_finding writes its figures: a share as a percentage, a difference of shares in
 * points, anything else in a few significant digits with its unit.
 */

/** A count of rows: "1,461". */
export const count = (x: number) => Math.round(x).toLocaleString('en-US');

/** How the figures of one finding are written: shares as percentages, differences as points. */
export interface Format {
  binary: boolean;
  value(x: number): string;
  difference(x: number): string;
  /** A difference with its 95 % confidence interval, all three to the same digits. */
  estimate(x: number, low: number, high: number): string;
}

/** Units written before the number, as people write money: "$852", "£12", "US$3.5". */
const BEFORE = /^(?:[$£¥₹₩₺₽]|[A-Z]{1,3}\$)$/;

/**
 * A number with its unit as people write it (issue 31): a currency sign before it ("$852",
 * "-$12"), any other unit after it with a space ("852 €", "6.3 %", "12 mm").
 */
export function withUnit(number: string, unit: string | undefined): string {
  const u = unit?.trim();
  if (!u) return number;
  if (!BEFORE.test(u)) return `${number} ${u}`;
  return number.startsWith('-') ? `-${u}${number.slice(1)}` : `${u}${number}`;
}

/** Fraction digits for figures of this size: a few significant digits. */
const digitsFor = (abs: number) => (abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3);

export function format(binary: boolean, unit: string | undefined): Format {
  const plain = (x: number) =>
    x.toLocaleString('en-US', { maximumFractionDigits: digitsFor(Math.abs(x)) });
  const fixed = (x: number, digits: number) =>
    x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const pct = (x: number) => (x * 100).toFixed(1);
  return binary
    ? {
        binary,
        value: (x) => `${pct(x)}%`,
        difference: (x) => `${pct(x)} points`,
        estimate: (x, low, high) => `${pct(x)} points, 95% CI ${pct(low)} to ${pct(high)} points`,
      }
    : {
        binary,
        value: (x) => withUnit(plain(x), unit),
        difference: (x) => withUnit(plain(x), unit),
        estimate: (x, low, high) => {
          const d = digitsFor(Math.max(Math.abs(low), Math.abs(high)));
          // "$0.50 to $2.50", but "0.50 to 2.50 mm": a unit after the figures is said once.
          const u = (y: number) => withUnit(fixed(y, d), unit);
          const from = unit && BEFORE.test(unit.trim()) ? u(low) : fixed(low, d);
          return `${u(x)}, 95% CI ${from} to ${u(high)}`;
        },
      };
}
