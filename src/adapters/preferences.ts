/** Small text values kept on this device: the browser's localStorage, where it can be used. */

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** localStorage, or null when the browser refuses it (storage disabled, some private modes). */
export function preferences(): KeyValueStore | null {
  let store: Storage;
  try {
    store = globalThis.localStorage;
    if (!store) return null;
  } catch {
    return null;
  }
  return {
    get: (key) => store.getItem(key),
    set: (key, value) => store.setItem(key, value),
    remove: (key) => store.removeItem(key),
  };
}
