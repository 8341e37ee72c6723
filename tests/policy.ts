/**
 * The policy Sift promises (ARCHITECTURE.md, Security invariants), as data, and readers of a Content-Security-Policy and a `_headers`
 * file, to compare what is built and served with it exactly.
 */

/** The required policy; `connect` are the extra connect-src origins (SIFT_CONNECT_SRC). */
export function requiredPolicy(connect: string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    // No 'unsafe-eval' or 'unsafe-inline': DuckDB and vega run without them (ARCHITECTURE.md, Facts: CSP and workers).
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    // The workers start from blob: URLs so that they inherit this policy.
    'worker-src': ["'self'", 'blob:'],
    // Model servers on this computer, loopback http only (issue 32).
    'connect-src': [
      "'self'",
      'https://api.anthropic.com',
      'http://localhost:*',
      'http://127.0.0.1:*',
      ...connect,
    ],
    // No remote images.
    'img-src': ["'self'", 'data:', 'blob:'],
    'style-src': ["'self'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
}

export function parsePolicy(policy: string): Record<string, string[]> {
  const entries = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((words) => words[0])
    .map(([name, ...sources]) => [name, sources]);
  const parsed = Object.fromEntries(entries);
  // A repeated directive is ignored by browsers after its first occurrence: never write one.
  if (Object.keys(parsed).length !== entries.length)
    throw new Error(`Repeated directive: ${policy}`);
  return parsed;
}

/** Netlify / Cloudflare Pages: a path on its own line, then its headers indented. */
export function parseHeadersFile(text: string): Record<string, Record<string, string>> {
  const rules: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) {
      current = rules[line.trim()] = {};
      continue;
    }
    const match = /^\s+([\w-]+):\s*(.*)$/.exec(line);
    if (!current || !match) throw new Error(`Not a header line: ${line}`);
    current[match[1]!] = match[2]!;
  }
  return rules;
}
