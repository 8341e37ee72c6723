// The HTTP headers every response carries, in `npm start` and the dev server alike. A <meta> CSP
// would not cover the DuckDB worker, which is loaded by URL (DESIGN.md); a header does.
const MODEL_ENDPOINT = 'https://api.anthropic.com';

export interface HeaderOptions {
  /** Vite's dev server: allow its websocket and injected styles. */
  dev?: boolean;
  /** Further origins the page may connect to (e.g. a gateway). */
  connect?: string[];
}

function csp({ dev = false, connect = [] }: HeaderOptions = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    `connect-src 'self' ${[MODEL_ENDPOINT, ...connect, ...(dev ? ['ws:'] : [])].join(' ')}`,
    "img-src 'self' data: blob:",
    // Vite's dev server injects component styles as <style> elements.
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Only bare origins (scheme, host, port) may be added: no wildcards, paths or other directives. */
function checkOrigin(origin: string): string {
  const url = new URL(origin);
  if (!['https:', 'http:'].includes(url.protocol) || url.origin !== origin.replace(/\/$/, ''))
    throw new Error(`SIFT_CONNECT_SRC: "${origin}" is not an origin like https://gateway.example`);
  return url.origin;
}

export function securityHeaders(options?: HeaderOptions): Record<string, string> {
  options = { ...options, connect: (options?.connect ?? []).map(checkOrigin) };
  return {
    'Content-Security-Policy': csp(options),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
