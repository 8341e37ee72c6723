/** The browser's word on our storage: whether it is kept under pressure, and how much is free. */
import type { StorageFigures } from '../state/ports.ts';

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
