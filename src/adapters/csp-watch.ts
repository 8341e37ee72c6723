/**
 * Remembers which origins the page's Content-Security-Policy refused. A refused fetch reaches the
 * SDK as a bare TypeError, the same as a dropped network; this lets the page tell the two apart
 * and say which setting to change.
 */
const refused = new Set<string>();
let watching = false;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function watchCsp(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('securitypolicyviolation', (e) => {
    if (e.effectiveDirective !== 'connect-src') return;
    const origin = originOf(e.blockedURI);
    if (origin) refused.add(origin);
  });
}

export function wasBlocked(url: string): boolean {
  const origin = originOf(url);
  return origin !== null && refused.has(origin);
}
