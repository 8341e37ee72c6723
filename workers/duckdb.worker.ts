/** The DuckDB worker: boots the engine and exposes it through Comlink. */
import * as Comlink from 'comlink';
import type { SiftEngine } from '../src/core/data/engine.ts';
import { bootBrowserEngine } from './browser-host.ts';

const booting = bootBrowserEngine();

// Every call waits for the boot, so the page can talk to the worker from its first moment.
const engine: SiftEngine = {
  info: async () => (await booting).info(),
  load: async (files, onProgress, names) => (await booting).load(files, onProgress, names),
  query: async (sql, options) => (await booting).query(sql, options),
  cancel: async () => (await booting).cancel(),
  profile: async (table) => (await booting).profile(table),
  tables: async () => (await booting).tables(),
  dropTable: async (name) => (await booting).dropTable(name),
  reset: async () => (await booting).reset(),
};

Comlink.expose(engine);
