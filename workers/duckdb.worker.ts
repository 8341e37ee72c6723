/**
 * The DuckDB worker: boots the engine and exposes it through Comlink. Calls made during the boot
 * wait for it, so the page can talk to the worker from its first moment; a DuckDB that a query
 * breaks is replaced (resilient-engine.ts).
 */
// First: it configures zod before any module makes a schema (src/core/zod-setup.ts).
import '../src/core/zod-setup.ts';
import * as Comlink from 'comlink';
import type { SiftEngine } from '../src/core/data/engine.ts';
import { bootBrowserEngine } from './browser-host.ts';
import { resilientEngine } from './resilient-engine.ts';
import {
  databaseExists,
  databaseName,
  databasePath,
  forgetDatabases,
  listDatabases,
} from './work-database.ts';

// The engine suite names its worker `duckdb tables=file`, so that every case runs on a database
// file; the app's worker keeps small tables in memory (resilient-engine.ts, FILE_AT).
const tables = self.name.endsWith('tables=file') ? 'file' : 'auto';
const engine: SiftEngine = resilientEngine(bootBrowserEngine, {
  tables,
  databases: {
    path: databasePath,
    name: databaseName,
    exists: databaseExists,
    list: listDatabases,
    forget: forgetDatabases,
  },
});

Comlink.expose(engine);
