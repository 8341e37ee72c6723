/** Small helpers of the session list: a first title, and the open session in the address. */

/** Until the model names it, a session is called after its files. */
export function fallbackTitle(fileNames: string[]): string {
  const [first = 'Untitled session', ...rest] = fileNames;
  return rest.length ? `${first} and ${rest.length} more` : first;
}

const HASH_KEY = 'session';

/** The session named in the address (`#session=<id>`), so a reload reopens the same one. */
export function readHash(): string | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get(HASH_KEY);
  return id && /^[\w-]{1,64}$/.test(id) ? id : null;
}

export function writeHash(id: string | null): void {
  const url = id ? `#${HASH_KEY}=${id}` : location.pathname + location.search;
  // replaceState: switching sessions should not fill the back button's history.
  history.replaceState(history.state, '', url);
}
