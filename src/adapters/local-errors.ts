/**
 * What a failed call to a model server on this computer means, in words that say what to do
 * (issue 32). Such a server fails in its own ways: it refuses the page at CORS (Ollama's
 * OLLAMA_ORIGINS), the browser may ask before a site reaches the local network, it has no model
 * of that name until it is pulled, and Ollama ends a reply without a word when the model fails
 * part-way (docs/local-model-servers.md §1.3).
 */
import type { ModelErrorKind } from '../core/model/client.ts';

interface LocalContext {
  baseURL: string;
  model?: string;
  connected?: boolean;
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

/** How to let this page reach a server that refused it, for the page's own origin. */
export function refusalAdvice(baseURL: string, pageOrigin: string | null): string {
  const origins = pageOrigin
    ? `OLLAMA_ORIGINS=${pageOrigin}`
    : 'OLLAMA_ORIGINS set to this page’s address';
  return (
    `If it is running, it may be refusing this page: start Ollama with ${origins} ` +
    `(llama.cpp’s server accepts every page). Your browser may also ask whether this site may ` +
    `reach devices on your local network: allow it. Sift is looking at ${baseURL}.`
  );
}

export function localMessage(
  kind: ModelErrorKind,
  code: string,
  detail: string,
  ctx: LocalContext,
): string {
  const host = hostOf(ctx.baseURL);
  const origin = typeof location === 'undefined' ? null : location.origin;
  switch (kind) {
    case 'network':
      return ctx.connected
        ? `The model server at ${host} stopped its reply part-way without saying why (Ollama does this when the model fails mid-reply, often for lack of memory). What had arrived is kept; try again, or pick a smaller model.`
        : `No model server answered at ${host}. Start it (ollama serve, or llama-server), then try again. ${refusalAdvice(ctx.baseURL, origin)}`;
    case 'not_found': {
      const model = ctx.model ? ` “${ctx.model}”` : '';
      const pull = ctx.model ? ` (for Ollama: ollama pull ${ctx.model})` : '';
      return `The model server at ${host} has no model${model}${code}${detail}. Pick one it has in Model settings, or download it first${pull}.`;
    }
    case 'auth':
    case 'permission':
      return `The model server at ${host} refused the request${code}${detail}. If it was started with an API key, remove the key option or use another endpoint.`;
    case 'bad_request':
      return /context|too long|exceed/i.test(detail)
        ? `The request is longer than the model’s context window${code}${detail}. Give the model a larger context (Ollama: OLLAMA_CONTEXT_LENGTH; llama.cpp: --ctx-size) and set it in Model settings.`
        : `The model server refused the request${code}${detail}.`;
    default:
      return `The model server at ${host} had an error${code}${detail}. Try again; if it goes on, restart the server or pick a smaller model.`;
  }
}
