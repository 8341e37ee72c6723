/** Small statistics for the agent bench. */

export function quantile(values: readonly number[], q: number): number {
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const at = (v.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return v[lo]! + (v[hi]! - v[lo]!) * (at - lo);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);
export const p95 = (values: readonly number[]) => quantile(values, 0.95);
export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Rough token count: about 3.5 characters a token for JSON-heavy text (conversation.ts's rule). */
export const CHARS_PER_TOKEN = 3.5;
export const estTokens = (chars: number) => Math.round(chars / CHARS_PER_TOKEN);
