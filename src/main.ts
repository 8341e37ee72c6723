/**
 * The entry: starts the data engine before anything else, then loads the page. DuckDB's boot
 * (its worker, 34 MB of wasm, its own start) is the longest wait on opening Sift; begun here it
 * overlaps the parsing and start of the page's own code (480 kB) instead of following it
 * (issue 15; BENCHMARKS.md, From the person's side).
 */
// First: it configures zod before any module makes a schema.
import './core/zod-setup.ts';
import { watchCsp } from './adapters/csp-watch.ts';
import { startEngine } from './adapters/engine-client.ts';

watchCsp();
const engine = startEngine();
import('./start-app.ts').then(
  ({ startApp }) => startApp(engine),
  // The page's code could not be fetched (a dropped network, a new version published while this
  // one loaded): say so where the page would be, in text, with the browser's reason beneath.
  (e: unknown) => {
    const app = document.getElementById('app');
    if (!app) return;
    app.style.cssText = 'padding: 1.5rem; font-family: system-ui, sans-serif; max-width: 40rem';
    const say = document.createElement('p');
    say.textContent =
      'Sift could not load: the connection may have dropped, or a new version came out while it loaded. Reload the page to try again.';
    const why = document.createElement('p');
    why.textContent = e instanceof Error ? e.message : String(e);
    why.style.cssText = 'font-size: 0.85em; opacity: 0.75';
    app.replaceChildren(say, why);
  },
);
