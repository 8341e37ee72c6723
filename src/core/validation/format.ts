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

/** Fraction digits for figures of this size: a few significant digits. */
const digitsFor = (abs: number) => (abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3);

export function format(binary: boolean, unit: string | undefined): Format {
  const suffix = unit ? ` ${unit}` : '';
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
        value: (x) => plain(x) + suffix,
        difference: (x) => plain(x) + suffix,
        estimate: (x, low, high) => {
          const d = digitsFor(Math.max(Math.abs(low), Math.abs(high)));
          return `${fixed(x, d)}${suffix}, 95% CI ${fixed(low, d)} to ${fixed(high, d)}${suffix}`;
        },
      };
}
