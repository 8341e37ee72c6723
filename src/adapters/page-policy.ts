/**
 * The Content-Security-Policy this page runs under, for the settings to tell a gateway it refuses
 * before a question is sent (issue 45). `npm start` and static hosts send it as a header, which a
 * page cannot read of itself: the page asks its own address once for its headers (a HEAD request
 * to its own origin, which the policy allows); a host that serves the files as they are has it in
 * a <meta> tag. Both apply where both are present, so an address must pass each.
 */
import { connectAllowed } from '../core/model/csp-connect.ts';

const policies: string[] = [];

function meta(): string | null {
  return (
    document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ??
    null
  );
}

/** Reads the header once, in the background; until it is read, only the <meta> policy is known. */
export function readPagePolicy(): void {
  const tag = meta();
  if (tag) policies.push(tag);
  void fetch(location.href, { method: 'HEAD', cache: 'no-store', credentials: 'omit' })
    .then((r) => {
      const header = r.headers.get('content-security-policy');
      if (header) policies.push(header);
    })
    .catch(() => undefined);
}

/** Whether every policy the page is known to run under lets it connect to `url`. */
export function pageAllows(url: string): boolean {
  return policies.every((p) => connectAllowed(p, url, location.href));
}
