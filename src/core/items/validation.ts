/** A finding checked against the data (validate_finding): its verdict and each check's figures. */
import { z } from 'zod';
import { turnId } from '../ids.ts';
import { defineItem, type Fields } from './item-kind.ts';

/** What a check of a finding says of it. */
export const verdict = z.enum(['holds', 'weak', 'contradicted']);
export type Verdict = z.infer<typeof verdict>;

export const validationEvent = z.object({
  type: z.literal('validation'),
  turnId,
  callId: z.string(),
  finding: z.string(),
  verdict,
  checks: z.array(z.object({ label: z.string(), text: z.string(), verdict })),
});

export type ValidationItem = { type: 'validation'; id: string } & Fields<
  z.infer<typeof validationEvent>
>;

export const validationItem = defineItem({
  type: 'validation',
  event: validationEvent,
  item: (e): ValidationItem => ({
    type: 'validation',
    id: e.callId,
    finding: e.finding,
    verdict: e.verdict,
    checks: e.checks,
  }),
  call: () => ({ status: 'done' }),
  row: (e) => ({
    role: 'assistant',
    type: 'validation',
    text: e.finding,
    payload: { verdict: e.verdict, checks: e.checks },
  }),
  report: (items) =>
    items.flatMap((item) => [
      `Finding checked against the data: "${item.finding}" — ${item.verdict}`,
      ...item.checks.map((c) => `  - ${c.label}: ${c.text}`),
    ]),
});
