/** The browser's word on our storage: whether it is kept under pressure, and how much is free. */

export interface StorageFigures {
  usage: number | null;
  quota: number | null;
}

/** Asks that sessions not be evicted when space runs low; true if the browser agreed. */
export async function requestPersistence(): Promise<boolean | null> {
  try {
    if (!navigator.storage?.persist) return null;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return null;
  }
}

export async function storageFigures(): Promise<StorageFigures> {
  try {
    const e = await navigator.storage.estimate();
    return { usage: e.usage ?? null, quota: e.quota ?? null };
  } catch {
    return { usage: null, quota: null };
  }
}

/** What a failed write means for the person, in words. */
export function storageFailure(e: unknown): string {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'QuotaExceededError')
    return 'The browser’s storage for this site is full, so this session is no longer being saved. It keeps working in this tab; export it to keep a copy, or delete old sessions to make room.';
  const reason = e instanceof Error ? e.message : String(e);
  return `This session could not be saved (${reason}). It keeps working in this tab, but will be lost when the tab closes; export it to keep a copy.`;
}
