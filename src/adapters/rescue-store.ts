/**
 * The last moment of a page: what storage had not yet confirmed is written to sessionStorage,
 * whose writes are synchronous and so finish even as the page unloads. sessionStorage belongs to
 * the tab, which is exactly the case it serves: a reload. (A closed tab loses at most the
 * last quarter second of streaming text; see state/session-writer.ts.)
 */
import { rescue as rescueSchema, type Rescue } from '../core/session/records.ts';

const KEY = 'sift.rescue';

export function saveRescue(rescue: Rescue | null): void {
  try {
    if (rescue) sessionStorage.setItem(KEY, JSON.stringify(rescue));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Too big for sessionStorage (about 5 MB): what storage confirmed is still there.
  }
}

/**
 * The rescue left for `sessionId`, removed as it is taken. One that does not fit the schema (an
 * older Sift wrote it, or it was cut) is dropped: what storage confirmed is still there.
 */
export function takeRescue(sessionId: string): Rescue | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return null;
    const checked = rescueSchema.safeParse(JSON.parse(text));
    if (!checked.success) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    if (checked.data.sessionId !== sessionId) return null;
    sessionStorage.removeItem(KEY);
    return checked.data;
  } catch {
    return null;
  }
}
