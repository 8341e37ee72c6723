/**
 * What the page shows of the app as installed: whether it is online, whether it now works
 * offline, and a new version waiting. A new version is applied only by reloading the page, never
 * in the middle of one: at once while the person has not yet acted in the page (they have just
 * opened or reloaded it, so the reload they asked for shows the new version, and their session
 * reopens), otherwise when they say so from the notice.
 */
import type { AppShell, ShellListener } from './ports.ts';

export class Shell {
  online = $state(true);
  /** Set once the first visit has cached the whole app. */
  offlineReady = $state(false);
  /** A new version is installed and waits for a reload. */
  updateReady = $state(false);
  /** Another tab applied a new version under this page. */
  replaced = $state(false);
  /** Reloading into the new version. */
  applying = $state(false);

  readonly #shell: AppShell;
  readonly #busy: () => boolean;

  /**
   * `busy`: something a reload would cut short (a running turn, a file being read). `after`:
   * the service worker starts once it settles (src/app.ts: a quiet spell of the workspace), so
   * that caching the whole app on a first visit competes neither with the engine's own download
   * and start nor with the first file.
   */
  constructor(shell: AppShell, busy: () => boolean, after: Promise<unknown> = Promise.resolve()) {
    this.#shell = shell;
    this.#busy = busy;
    this.online = shell.online();
    shell.onConnectivity((online) => (this.online = online));
    const listener: ShellListener = {
      offlineReady: () => (this.offlineReady = true),
      updateReady: (untouched) => {
        if (untouched && !busy()) this.apply();
        else this.updateReady = true;
      },
      replaced: () => (this.replaced = true),
    };
    void after.then(() => shell.start(listener));
  }

  /** Whether the notice's reload button may be used now. */
  get canApply(): boolean {
    return !this.applying && !this.#busy();
  }

  apply(): void {
    this.applying = true;
    this.#shell.update();
  }

  dismissOfflineReady(): void {
    this.offlineReady = false;
  }
}
