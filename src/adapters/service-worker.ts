/**
 * The app's service worker (build/pwa.ts), registered through workbox-window, and the browser's
 * word on the network. A new version installs beside the running one and waits: it is applied
 * only by `update()`, which tells the waiting worker to take over and reloads the page into it,
 * so no page ever runs half of one build and half of the next.
 */
import type { AppShell, ShellListener } from '../state/ports.ts';
import { Workbox } from 'workbox-window';

/** Resolves when the page's main thread is idle, or after a few seconds at most. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 5_000 });
    else setTimeout(resolve, 1_000);
  });
}

/** How often a long-open page asks the server for a newer build. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export function appShell(): AppShell {
  let workbox: Workbox | null = null;
  let applying = false;
  // Until the person first acts in the page, reloading it loses nothing: its session reopens.
  // Heard from the page's start, not from `start` (after the engine's quiet spell): a person who
  // acted before then was taken for one who had not, and an update reloaded the page under them
  // (seen in tests/e2e/offline.test.ts once the page restored its session sooner).
  let untouched = true;
  for (const type of ['pointerdown', 'keydown', 'drop', 'paste'])
    addEventListener(type, () => (untouched = false), { capture: true, once: true });
  return {
    start(listener: ShellListener) {
      // The dev server serves modules one by one and changes them live: nothing to cache.
      if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
      const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`);
      workbox = wb;
      wb.addEventListener('installed', (e) => {
        if (!e.isUpdate && !e.isExternal) listener.offlineReady();
      });
      // Found as the page opened (the person reloaded after a deploy) or while it is open.
      wb.addEventListener('waiting', () => listener.updateReady(untouched));
      wb.addEventListener('controlling', (e) => {
        if (applying) location.reload();
        else if (e.isUpdate || e.isExternal) listener.replaced();
      });
      // Called after a quiet spell of the data engine (src/app.ts), and then when the page is
      // idle, so the first visit's caching of the whole app (40 MB, DuckDB's wasm most of it)
      // competes neither with the engine's start nor with the first file (issue 15).
      void idle()
        .then(() => wb.register({ immediate: true }))
        .then(
          (registration) => {
            // The navigation that opened this page may have found the new version and still be
            // installing it: workbox-window reports only updates found after it registered.
            const installing = registration?.installing;
            if (!installing || !navigator.serviceWorker.controller) return;
            installing.addEventListener('statechange', () => {
              if (installing.state === 'installed') listener.updateReady(untouched);
            });
          },
          () => {
            // No service worker (a private window that refuses one, a host without HTTPS): the
            // app works as before, online only.
          },
        );
      setInterval(() => void wb.update().catch(() => {}), CHECK_EVERY_MS);
      addEventListener('online', () => void wb.update().catch(() => {}));
    },
    update() {
      applying = true;
      // The waiting worker may already have taken over (from another tab): then a reload is all.
      void navigator.serviceWorker.getRegistration().then((registration) => {
        if (workbox && registration?.waiting) workbox.messageSkipWaiting();
        else location.reload();
      });
    },
    installed: () => !!navigator.serviceWorker?.controller,
    online: () => navigator.onLine,
    onConnectivity(listener) {
      addEventListener('online', () => listener(true));
      addEventListener('offline', () => listener(false));
    },
  };
}
