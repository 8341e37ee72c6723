/**
 * The entry: starts the data engine before anything else, then loads the page. DuckDB's boot
 * (its worker, 34 MB of wasm, its own start) is the longest wait on opening Sift; begun here it
 * overlaps the parsing and start of the page's own code (480 kB) instead of following it
 * (issue 15; BENCHMARKS.md, From the person's side).
 */
import { watchCsp } from './adapters/csp-watch.ts';
import { startEngine } from './adapters/engine-client.ts';

watchCsp();
const engine = startEngine();
import('./start-app.ts').then(
  ({ startApp }) => startApp(engine),
  // The page's code could not be fetched (a new version deployed mid-load, a dropped network):
  // say so where the page would be, as text.
  (e: unknown) => {
    const app = document.getElementById('app');
    if (app)
      app.textContent = `Sift could not load (${e instanceof Error ? e.message : String(e)}). Reload the page to try again.`;
  },
);
