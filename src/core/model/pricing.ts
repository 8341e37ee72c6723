/**
 * Estimated cost of a model call. Prices in USD per million tokens, from Anthropic's published
 * model pages (checked 2026-11); a 5-minute cache write costs 1.25× input, a cache read 0.1×.
 * Unknown models get no price rather than a guess.
 */
import type { Usage } from './client.ts';

interface Price {
  input: number;
  output: number;
}

// Longest prefix wins, so `claude-opus-4-1` is matched before `claude-opus-4`.
const PRICES: Array<[prefix: string, price: Price]> = [
  ['claude-fable-5', { input: 10, output: 50 }],
  ['claude-opus-5-5', { input: 4, output: 20 }],
  ['claude-opus-5', { input: 5, output: 25 }],
  ['claude-opus-4-8', { input: 5, output: 25 }],
  ['claude-opus-4-7', { input: 5, output: 25 }],
  ['claude-opus-4-6', { input: 5, output: 25 }],
  ['claude-opus-4-5', { input: 5, output: 25 }],
  ['claude-opus-4', { input: 15, output: 75 }],
  ['claude-sonnet-5', { input: 2, output: 10 }],
  ['claude-sonnet-4', { input: 3, output: 15 }],
  ['claude-3-7-sonnet', { input: 3, output: 15 }],
  // Haiku 5.5 is priced "from $0.10 / $0.50"; the floor is what we can know.
  ['claude-haiku-5', { input: 0.1, output: 0.5 }],
  ['claude-haiku-4-5', { input: 1, output: 5 }],
  ['claude-3-5-haiku', { input: 0.8, output: 4 }],
];

export function priceOf(model: string): Price | null {
  let best: [string, Price] | null = null;
  for (const entry of PRICES)
    if (model.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  return best?.[1] ?? null;
}

export function costOf(model: string, usage: Usage): number | null {
  const price = priceOf(model);
  if (!price) return null;
  const perToken = (usd: number) => usd / 1_000_000;
  return (
    usage.inputTokens * perToken(price.input) +
    usage.cacheWriteTokens * perToken(price.input * 1.25) +
    usage.cacheReadTokens * perToken(price.input * 0.1) +
    usage.outputTokens * perToken(price.output)
  );
}

/** Total input tokens of a call: uncached, cache writes and cache reads together. */
export function inputTotal(usage: Usage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
}
