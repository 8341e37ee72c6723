/**
 * One tab writes a session at a time: the writer holds a Web Lock named for the session, and the
 * browser releases it when that tab closes or reloads, even if it crashes. Another tab that opens
 * the same session follows it read-only and queues for the lock, taking over when it frees.
 */
import type { HeldLock } from '../state/ports.ts';

const lockName = (sessionId: string) => `sift-session:${sessionId}`;

/** Without the Locks API (not a secure context) every tab writes: as before sessions existed. */
const unlocked: HeldLock = { release: () => undefined };

function request(sessionId: string, options: LockOptions): Promise<HeldLock | null> {
  if (!navigator.locks) return Promise.resolve(unlocked);
  return new Promise((resolve, reject) => {
    navigator.locks
      .request(lockName(sessionId), options, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        // The lock is held for as long as this promise is pending.
        return new Promise<void>((release) => resolve({ release: () => release() }));
      })
      .catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') resolve(null);
        else reject(e);
      });
  });
}

/** The session's lock if no other tab holds it, else null. */
export function tryLock(sessionId: string): Promise<HeldLock | null> {
  return request(sessionId, { ifAvailable: true });
}

/** Resolves with the lock once the tab holding it lets go; null if `signal` aborts first. */
export function waitForLock(sessionId: string, signal: AbortSignal): Promise<HeldLock | null> {
  return request(sessionId, { signal });
}
