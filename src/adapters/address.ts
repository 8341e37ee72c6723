/** The open session in the page's address (`#session=<id>`), so a reload reopens the same one. */
import type { SessionId } from '../core/ids.ts';

const HASH_KEY = 'session';

export function readHash(): SessionId | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get(HASH_KEY);
  return id && /^[\w-]{1,64}$/.test(id) ? (id as SessionId) : null;
}

export function writeHash(id: string | null): void {
  const url = id ? `#${HASH_KEY}=${id}` : location.pathname + location.search;
  // replaceState: switching sessions should not fill the back button's history.
  history.replaceState(history.state, '', url);
}
