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

/**
 * The host names that are this computer, exactly those the page's policy lets through
 * (build/security-headers.ts, LOCAL_MODEL_SERVERS): a model server anywhere else is refused by
 * the browser, so it is not offered as one on this computer.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1']);

export function isLoopback(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return (protocol === 'http:' || protocol === 'https:') && LOOPBACK.has(hostname);
}

/** Why `url` cannot be a model server on this computer, or null. */
export function notLocal(url: string): string | null {
  if (!url.trim()) return 'Type the address of the model server, such as http://localhost:11434.';
  if (isLoopback(url.trim())) return null;
  return `${url.trim()} is not on this computer (localhost or 127.0.0.1). For a server elsewhere, choose “Another Anthropic-compatible endpoint”.`;
}

/** A server on this computer that does not say its window: taken as Ollama's usual one. */
export const UNKNOWN_LOCAL_WINDOW = 4096;

/**
 * The statement of where query results go, shown beside the model. "Nothing leaves" only for a
 * model on this computer: a gateway on localhost (a proxy) may well pass the data on.
 */
/**
 * Ollama names its cloud models `…-cloud` or `…:cloud` (`gpt-oss:120b-cloud`): until the server
 * has said where such a model runs, it is taken to run at ollama.com, not here.
 */
export function cloudModelHost(model: string): string | null {
  return /[-:]cloud$/i.test(model.trim()) ? 'https://ollama.com' : null;
}

export function whereDataGoes(
  baseUrl: string,
  provider: Provider,
  /**
   * Where the chosen model itself runs, when its server says it runs elsewhere: Ollama's cloud
   * models (`gpt-oss:120b-cloud`) are listed by the local server with a `remote_host`, and
   * Ollama passes every request on to it (issue 46). The model decides, not the address.
   */
  remoteHost: string | null = null,
): { leaves: boolean; text: string } {
  if (provider === 'local' && isLoopback(baseUrl) && remoteHost) {
    const host = URL.canParse(remoteHost) ? new URL(remoteHost).host : remoteHost;
    return {
      leaves: true,
      text: `Query results go to ${host}, through the server on this computer`,
    };
  }
  if (provider === 'local' && isLoopback(baseUrl))
    return { leaves: false, text: 'Nothing leaves this computer' };
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).host : baseUrl;
  return { leaves: true, text: `Query results go to ${host}` };
}
