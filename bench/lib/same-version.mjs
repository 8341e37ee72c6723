/**
 * Native DuckDB at the browser's own version (1.4.3, inside duckdb-wasm 1.32), so "wasm vs
 * native" can be told apart from "1.4 vs 1.5". Installed on request into bench/out (gitignored)
 * with npm, then run through bench/lib/native-cli.mjs in a child process.
 */
import { execFileSync, execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SAME_VERSION = '1.4.3-r.3';
const DIR = fileURLToPath(new URL('../out/duckdb-1.4.3/', import.meta.url));
const MODULE = `${DIR}node_modules/@duckdb/node-api/lib/index.js`;
const CLI = fileURLToPath(new URL('./native-cli.mjs', import.meta.url));

export const sameVersionInstalled = () => existsSync(MODULE);

export function installSameVersion() {
  mkdirSync(DIR, { recursive: true });
  if (!existsSync(`${DIR}package.json`))
    writeFileSync(`${DIR}package.json`, '{"name":"duckdb-same-version","private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', `@duckdb/node-api@${SAME_VERSION}`], {
    cwd: DIR,
    stdio: 'inherit',
  });
}

export function benchSameVersion(args) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, JSON.stringify(args)],
      { env: { ...process.env, SIFT_BENCH_NODE_API: MODULE }, maxBuffer: 16 << 20 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}
