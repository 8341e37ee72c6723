/**
 * Native DuckDB's peak memory reading a file into a table, the reference for the browser's peak
 * renderer memory: a child process of its own (one thread, in memory), so its peak RSS
 * (getrusage's maxrss) is that read's alone — with Node's own ~50 MB in it.
 *   node bench/lib/native-peak.mjs '{"path": "...", "read": "read_json"}'
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from './stats.mjs';

const self = fileURLToPath(import.meta.url);

/** Peak RSS in bytes of a fresh native DuckDB running `CREATE TABLE AS SELECT * FROM read(path)`. */
export function nativePeakRss(path, read) {
  const out = execFileSync(process.execPath, [self, JSON.stringify({ path, read })], {
    encoding: 'utf8',
  });
  return JSON.parse(out).peakRss;
}

if (process.argv[1] === self) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const { path, read } = JSON.parse(process.argv[2]);
  const conn = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();
  await conn.run(`CREATE TABLE t AS SELECT * FROM ${read}(${sql(path)})`);
  process.stdout.write(JSON.stringify({ peakRss: process.resourceUsage().maxRSS * 1024 }));
}
