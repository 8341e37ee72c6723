/**
 * This file's model mock. The mock's script is one queue, so each runner that runs at once has
 * its own (tests/e2e/global-setup.ts): Vitest numbers its workers 1…N in VITEST_POOL_ID.
 */
import { inject } from 'vitest';

/** e.g. `http://127.0.0.1:PORT`. */
export function mockUrl(): string {
  const urls = inject('mockUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}
