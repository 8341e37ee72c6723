/**
 * The settings as remembered on this device (never the key), read back with care: they come from
 * localStorage, which anything on this origin may have written, and from older versions of Sift.
 */
import { z } from 'zod';
import { DEFAULT_BASE_URL } from './base-url.ts';
import type { Provider } from './provider.ts';

const saved = z
  .object({
    provider: z.enum(['anthropic', 'local', 'gateway']),
    gatewayUrl: z.string(),
    localUrl: z.string(),
    model: z.string(),
    localWindow: z.number().int().positive().nullable(),
    chartCheck: z.boolean(),
    newFiles: z.enum(['ask', 'add', 'new']),
    /** Before issue 32: one base URL, Anthropic's or a gateway's. */
    baseUrl: z.string(),
  })
  .partial();

export type SavedSettings = Omit<z.infer<typeof saved>, 'baseUrl'>;

/** What of `text` can be used, field by field; nothing for text that is not settings. */
export function readSaved(text: string | null): SavedSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? '{}');
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  // Field by field, so one bad value does not lose the others.
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(saved.shape)) {
    const value = field.safeParse((raw as Record<string, unknown>)[name]);
    if (value.success && value.data !== undefined) out[name] = value.data;
  }
  const { baseUrl, ...rest } = out as z.infer<typeof saved>;
  // An older Sift kept a gateway as its base URL.
  if (baseUrl && baseUrl !== DEFAULT_BASE_URL && !rest.provider)
    return { ...rest, provider: 'gateway' satisfies Provider, gatewayUrl: baseUrl };
  return rest;
}
