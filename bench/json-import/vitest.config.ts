import { defineConfig } from 'vitest/config';

// node bench/… cannot run the worker's TypeScript; Vitest can, with this config of its own:
//   npx vitest run --config bench/json-import/vitest.config.ts
export default defineConfig({
  test: { include: ['bench/json-import/*.bench-run.ts'], testTimeout: 600_000 },
});
