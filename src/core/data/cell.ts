/** A cell as it reaches the page: numbers stay numbers, everything exotic becomes text. */
import { z } from 'zod';

/** Checks a cell coming back in (from storage, another tab, a tool's input). */
export const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export type Cell = z.infer<typeof cell>;
