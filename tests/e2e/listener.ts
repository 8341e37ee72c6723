/**
 * A loopback HTTP listener that records every request it receives, as `METHOD /path?query`: the
 * tests that something stays on the machine expect its record to stay empty.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listener {
  /**
   * `http://127.0.0.2:<port>` (or the host asked for), to build addresses the page must never
   * reach: loopback, but not one of the model-server hosts the policy lets through (issue 32).
   */
  origin: string;
  /** What reached it, in order; tests clear it with `requests.length = 0`. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Answers every request with `body`, readable cross-origin, so that a request that does get out
 * succeeds plainly (a CSV for `read_csv`, a word for a worker's `fetch`) rather than failing for
 * another reason.
 */
export async function startListener(body = 'x', host = '127.0.0.2'): Promise<Listener> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
