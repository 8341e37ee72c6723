/**
 * What the prompt and tools of a set take, for the settings panel to say whether a window is
 * large enough before anything is sent: the same measure the loop uses (agent/window-fit.ts),
 * on a dataset of a typical width.
 */
import type { ToolSet } from '../tools/tool-set.ts';
import { systemPrompt } from './prompts.ts';
import { toolSpecs } from './step.ts';
import { fitWindow, fixedTokens } from './window-fit.ts';

/** Twelve columns: a typical export. The loop measures the real tables at each turn. */
const TYPICAL = [
  {
    name: 'data',
    fileName: 'data.csv',
    rows: 10_000,
    columns: Array.from({ length: 12 }, (_, i) => ({ name: `column_${i + 1}`, type: 'VARCHAR' })),
  },
];

function estimatedFixed(tools: ToolSet, compact: boolean): number {
  const text = systemPrompt('analysis', TYPICAL, tools, { compact });
  return fixedTokens([{ type: 'text', text }], toolSpecs(tools));
}

/** How a turn given `tools` would be sized to a window of `window` tokens, or why it cannot be. */
export const estimatedFit = (window: number, tools: ToolSet) =>
  fitWindow(window, tools, estimatedFixed);
