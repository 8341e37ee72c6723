/**
 * What a run will cost, said before it starts (issue 49): the question count times what one
 * question's turn takes, priced as the page prices a call (core/model/pricing.ts). The turn's size
 * is an estimate: about six model calls, each resending the ~3,000-token prefix of system prompt
 * and tools with a growing history (BENCHMARKS.md, "Input tokens of the initial analysis of the
 * sample"), so about 30,000 input and 2,000 output tokens, without the cache's discount.
 */
import { costOf } from '../../src/core/model/pricing.ts';

export const TOKENS_PER_QUESTION = { input: 30_000, output: 2_000 };

export function estimate(
  questions: number,
  model: string,
): { tokens: number; dollars: number | null; words: string } {
  const usage = {
    inputTokens: TOKENS_PER_QUESTION.input * questions,
    outputTokens: TOKENS_PER_QUESTION.output * questions,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  };
  const dollars = costOf(model, usage);
  const tokens = usage.inputTokens + usage.outputTokens;
  const cost =
    dollars === null
      ? `no price known for ${model} (nothing is charged for a model on this computer)`
      : `about $${dollars.toFixed(2)} at ${model}'s list price`;
  return {
    tokens,
    dollars,
    words: `${questions} questions, about ${tokens.toLocaleString('en-US')} tokens: ${cost}. The page shows the real counts as it goes.`,
  };
}
