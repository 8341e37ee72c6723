/** The browser's side of the app, from src/adapters/: what createApp is built from in the page. */
import { pageAllows, readPagePolicy } from './adapters/page-policy.ts';
import { readHash, writeHash } from './adapters/address.ts';
import { chartImage } from './adapters/chart-image.ts';
import { colorScheme } from './adapters/color-scheme.ts';
import { wasBlocked } from './adapters/csp-watch.ts';
import { lazyAnthropicClient } from './adapters/lazy-anthropic.ts';
import { explainedRead, findLocalServers } from './adapters/local-models.ts';
import { preferences } from './adapters/preferences.ts';
import { saveRescue, takeRescue } from './adapters/rescue-store.ts';
import { openChannel } from './adapters/session-channel.ts';
import { tryLock, waitForLock } from './adapters/session-lock.ts';
import { openSessionStore } from './adapters/session-store.ts';
import { fetchFile, openInNewTab, onPageHide } from './adapters/page.ts';
import { appShell } from './adapters/service-worker.ts';
import { requestPersistence, storageFigures } from './adapters/storage.ts';
import type { SiftEngine } from './core/data/engine.ts';
import type { Platform } from './state/ports.ts';
import { SAMPLE_FILE_NAME } from './state/file-intake.svelte.ts';

/** The sample bundled with the app (public/data), served from the app's own origin. */
const SAMPLE_URL = './data/weather.csv';

export function browserPlatform(engine: SiftEngine): Platform {
  readPagePolicy();
  return {
    engine,
    openStore: () => openSessionStore(),
    modelClient: (config) =>
      lazyAnthropicClient({ ...config, wasBlocked, isOffline: () => !navigator.onLine }),
    localServers: { find: (signal) => findLocalServers(undefined, signal), read: explainedRead },
    preferences: preferences(),
    rescue: { save: saveRescue, take: takeRescue },
    address: { read: readHash, write: writeHash },
    quota: { requestPersistence, figures: storageFigures },
    tabs: { openChannel, tryLock, waitForLock },
    onPageHide,
    fetchSample: () => fetchFile(SAMPLE_URL, SAMPLE_FILE_NAME, 'text/csv'),
    openLink: openInNewTab,
    chartImage,
    shell: appShell(),
    colorScheme: colorScheme(),
    locale: navigator.language || 'en-US',
    connectAllowed: pageAllows,
  };
}
