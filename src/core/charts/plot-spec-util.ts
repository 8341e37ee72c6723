/** Small helpers shared by the chart-spec checks (plot-spec.ts, plot-unsafe.ts). */

/** Deeper nesting is refused before the recursive checks could overflow the stack. */
export const MAX_DEPTH = 64;

export type Obj = Record<string, unknown>;

/** Thrown by a check; checkPlotSpec turns it into `{ ok: false, reason }`. */
export class Refused extends Error {}

export function refuse(reason: string): never {
  throw new Refused(reason);
}

export const isObject = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function isPlainObject(v: unknown): v is Obj {
  if (!isObject(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

export const quote = (s: string) => JSON.stringify(s);

export const path = (base: string, key: string | number) =>
  typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key;
