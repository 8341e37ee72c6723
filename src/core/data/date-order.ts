/**
 * The orders of day, month and year a person may choose for dates the values alone do not settle
 * (local-dates.ts, short-years.ts), as the engine, storage and an exported session name them.
 */
import { z } from 'zod';

export const dateOrderChoice = z.enum(['dmy', 'mdy', 'ymd']);
export type DateOrderChoice = z.infer<typeof dateOrderChoice>;
