/**
 * Whether the page's Content-Security-Policy lets it connect to an address, read from the policy
 * itself (its connect-src, else default-src), so that the settings can say at once that a gateway
 * will be refused, and what to do (issue 45), rather than the first question failing. The
 * matching is CSP 3's for the sources Sift's policies hold (build/security-headers.ts): 'self',
 * 'none', a scheme (`https:`), and hosts with an optional scheme, `*.` subdomains and `:*` ports.
 */

/** The sources of connect-src (or default-src, which stands in for it); null if neither. */
export function connectSources(policy: string): string[] | null {
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources] as const),
  );
  return directives.get('connect-src') ?? directives.get('default-src') ?? null;
}

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

function sourceAllows(source: string, url: URL, self: URL): boolean {
  const s = source.toLowerCase();
  if (s === "'self'") return url.origin === self.origin;
  if (s.startsWith("'")) return false;
  if (/^[a-z][a-z0-9+.-]*:$/.test(s))
    return url.protocol === s || (s === 'http:' && url.protocol === 'https:');
  const m = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^:/]+)(?::(\*|\d+))?(?:\/.*)?$/.exec(s);
  if (!m) return false;
  const [, scheme, host, port] = m;
  const wanted = scheme ? `${scheme}:` : self.protocol;
  // An http source lets the secure scheme through too (CSP 3, "scheme-part matching").
  if (url.protocol !== wanted && !(wanted === 'http:' && url.protocol === 'https:')) return false;
  const hostname = url.hostname.toLowerCase();
  if (host === '*') {
    // A bare * matches network schemes only.
  } else if (host!.startsWith('*.')) {
    if (!hostname.endsWith(host!.slice(1))) return false;
  } else if (hostname !== host) return false;
  const actual = url.port || DEFAULT_PORT[url.protocol] || '';
  if (port === '*') return true;
  const expected = port ?? DEFAULT_PORT[wanted] ?? '';
  return (
    actual === expected ||
    (!port && wanted === 'http:' && url.protocol === 'https:' && actual === '443')
  );
}

/** Whether `policy` lets a page at `self` connect to `address`; true when there is no policy. */
export function connectAllowed(policy: string | null, address: string, self: string): boolean {
  if (!policy) return true;
  const sources = connectSources(policy);
  if (!sources) return true;
  let url: URL;
  let page: URL;
  try {
    url = new URL(address);
    page = new URL(self);
  } catch {
    return false;
  }
  return sources.some((s) => sourceAllows(s, url, page));
}

/** What the person is told when the policy refuses an address, and what to do. */
export function cspBlockedMessage(origin: string, refused = false): string {
  return (
    `This page's Content-Security-Policy does not allow connecting to ${origin}, so the browser ` +
    `${refused ? 'refused' : 'would refuse'} the request. Start Sift with SIFT_CONNECT_SRC naming that origin ` +
    `(SIFT_CONNECT_SRC=${origin}).`
  );
}
