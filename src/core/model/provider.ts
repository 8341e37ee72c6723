/**
 * Where the model runs, and what Sift knows of it (issue 32): Anthropic's API, a server on this
 * computer (Ollama, llama.cpp's llama-server, anything that serves the Messages API), or another
 * Anthropic-compatible endpoint (a gateway). What the page says about the data follows from the
 * address alone, so it cannot claim "nothing leaves" for a server that is elsewhere.
 */

export type Provider = 'anthropic' | 'local' | 'gateway';

/** What a model can take, as its server says; null where it does not say. */
export interface ModelTraits {
  /** Tokens of prompt and reply together that the server keeps; past it, it cuts or refuses. */
  contextWindow: number | null;
  /** Takes tool definitions (Ollama's `tools` capability). */
  tools: boolean;
  /** Takes images (Ollama's `vision` capability, llama.cpp's `modalities.vision`). */
  vision: boolean;
}

/** Claude's, for every model the Models API lists (200k tokens and more; vision and tools). */
export const CLAUDE_TRAITS: ModelTraits = { contextWindow: 200_000, tools: true, vision: true };

/** The host names that are this computer: what the page's policy lets through (issue 32). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { hostname } = new URL(url);
  return LOOPBACK.has(hostname) || hostname.endsWith('.localhost');
}

/** The statement of where query results go, shown beside the model. */
export function whereDataGoes(baseUrl: string): { leaves: boolean; text: string } {
  if (isLoopback(baseUrl)) return { leaves: false, text: 'Nothing leaves this computer' };
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).host : baseUrl;
  return { leaves: true, text: `Query results go to ${host}` };
}
