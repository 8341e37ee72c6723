/**
 * zod's faster parsing compiles code with `new Function`, which the CSP refuses; zod probes for
 * it with a caught `new Function('')` as each object schema is made, and the browser still
 * reports a securitypolicyviolation for it on every page. jitless skips the probe
 * (node_modules/zod/v4/core/schemas.js, $ZodObjectJIT; util.js, allowsEval). Nothing is lost:
 * the CSP never let the compiled path run. Imported first by the page's entry (main.ts) and the
 * worker's (workers/duckdb.worker.ts), before any schema is made: a blob worker has the page's CSP.
 */
import { z } from 'zod';

z.config({ jitless: true });
