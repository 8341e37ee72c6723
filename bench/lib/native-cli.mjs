/**
 * The native reference in a child process, so a second @duckdb/node-api build (another DuckDB
 * version, set by SIFT_BENCH_NODE_API) never shares a process with the project's own.
 *   SIFT_BENCH_NODE_API=/abs/path/to/@duckdb/node-api node bench/lib/native-cli.mjs '<json>'
 * where json = { file, threads, runs, aggregateSql }. Prints { version, ...benchNative result }.
 */
import { benchNative, nativeVersion } from './native.mjs';

const args = JSON.parse(process.argv[2]);
const version = await nativeVersion();
const result = await benchNative(args.file, args);
process.stdout.write(JSON.stringify({ version, ...result }));
