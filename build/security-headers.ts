// The HTTP headers every response carries, in `npm start` and the dev server alike, and the same
// policy as a `_headers` file and a <meta> tag for hosts that serve files as they are. Both
// workers start from blob: URLs, so they inherit the page's policy however it was delivered; a
// worker loaded by URL would take only the headers of its own response (ARCHITECTURE.md, Facts: CSP and workers).
const MODEL_ENDPOINT = 'https://api.anthropic.com';

// A model server on this computer (Ollama at :11434, llama.cpp's at :8080, or any other port),
// allowed without restarting Sift (issue 32). Loopback only, and only plain http: nothing past
// this machine is let through, and the renderers refuse every URL whatever the policy says
// (ARCHITECTURE.md, Security), so a page may reach these as it already reaches its own origin.
const LOCAL_MODEL_SERVERS = ['http://localhost:*', 'http://127.0.0.1:*'];

// Vite's HMR client opens a websocket to the page's own host and port. CSP 3 lets 'self' match
// it; these cover browsers that do not, and nothing beyond this machine.
const DEV_SOCKETS = ['ws://localhost:*', 'ws://127.0.0.1:*'];

export interface HeaderOptions {
  /** Vite's dev server: allow its websocket and injected styles. */
  dev?: boolean;
  /** Further origins the page may connect to (e.g. a gateway). */
  connect?: string[];
}

function directives({ dev = false, connect = [] }: HeaderOptions): string[] {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    `connect-src 'self' ${[MODEL_ENDPOINT, ...LOCAL_MODEL_SERVERS, ...connect, ...(dev ? DEV_SOCKETS : [])].join(' ')}`,
    "img-src 'self' data: blob:",
    // Vite's dev server injects component styles as <style> elements.
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ];
}

/** Only bare origins (scheme, host, port) may be added: no wildcards, paths or other directives. */
function checkOrigin(origin: string): string {
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  // The URL parser accepts `*` in a host name, where CSP would read it as every subdomain.
  if (
    !url ||
    !['https:', 'http:'].includes(url.protocol) ||
    url.origin !== origin.replace(/\/$/, '') ||
    url.hostname.includes('*')
  )
    throw new Error(`SIFT_CONNECT_SRC: "${origin}" is not an origin like https://gateway.example`);
  return url.origin;
}

function checked(options: HeaderOptions = {}): HeaderOptions {
  return { ...options, connect: (options.connect ?? []).map(checkOrigin) };
}

export function securityHeaders(options?: HeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': directives(checked(options)).join('; '),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** The policy for a <meta http-equiv> tag, which ignores frame-ancestors (browsers warn of it). */
export function metaCsp(options?: HeaderOptions): string {
  return directives(checked(options))
    .filter((d) => !d.startsWith('frame-ancestors '))
    .join('; ');
}

/** The headers as Netlify's and Cloudflare Pages' `_headers` file: for every path. */
export function headersFile(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...lines, ''].join('\n');
}
