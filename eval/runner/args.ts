/**
 * `npm run eval -- …` read into options (issue 49), with a plain message for what is wrong:
 *
 *   --bench <dabench|qrdata|sift> [--data PATH] --provider <anthropic|local|gateway|oracle|wrong>
 *   [--base-url URL] [--key KEY] [--model ID] [--limit N] [--concurrency N] [--out FILE]
 *   [--resume] [--record] [--require PERCENT]
 */
import type { BenchName } from './questions.ts';

export type Provider = 'anthropic' | 'local' | 'gateway' | 'oracle' | 'wrong';

export interface EvalOptions {
  bench: BenchName;
  /** The root of a clone of the benchmark's repository (DABench, QRData). */
  data?: string;
  provider: Provider;
  baseUrl?: string;
  key?: string;
  model?: string;
  /** The first N questions, in the file's order. */
  limit?: number;
  concurrency: number;
  /** The JSON lines file; its summary and sessions go beside it. */
  out: string;
  /** Questions already in `out` are not asked again. */
  resume: boolean;
  /** Appends the summary to BENCHMARKS.md, "Analyst accuracy". */
  record: boolean;
  /** The run fails unless its accuracy is this many percent (CI: the oracle 100, wrong 0). */
  require?: number;
}

const BENCHES = ['dabench', 'qrdata', 'sift'] as const;
const PROVIDERS = ['anthropic', 'local', 'gateway', 'oracle', 'wrong'] as const;

export const USAGE =
  'npm run eval -- --bench <dabench|qrdata|sift> [--data PATH] --provider <anthropic|local|gateway|oracle|wrong> [--base-url URL] [--key KEY] [--model ID] [--limit N] [--concurrency N] [--out FILE] [--resume] [--record] [--require PERCENT]';

export function parseArgs(argv: readonly string[], now = new Date()): EvalOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`${arg}: not an option. Usage: ${USAGE}`);
    const name = arg.slice(2);
    if (name === 'resume' || name === 'record') flags.add(name);
    else {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--'))
        throw new Error(`--${name} needs a value. Usage: ${USAGE}`);
      values.set(name, value);
    }
  }
  const known = new Set([
    'bench',
    'data',
    'provider',
    'base-url',
    'key',
    'model',
    'limit',
    'concurrency',
    'out',
    'require',
  ]);
  for (const name of values.keys())
    if (!known.has(name)) throw new Error(`--${name} is not an option. Usage: ${USAGE}`);
  const bench = values.get('bench');
  if (!BENCHES.includes(bench as never))
    throw new Error(`--bench must be one of ${BENCHES.join(', ')}. Usage: ${USAGE}`);
  const provider = values.get('provider');
  if (!PROVIDERS.includes(provider as never))
    throw new Error(`--provider must be one of ${PROVIDERS.join(', ')}. Usage: ${USAGE}`);
  const count = (name: string): number | undefined => {
    const v = values.get(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`--${name} must be a whole number of 1 or more, not ${v}.`);
    return n;
  };
  if ((provider === 'local' || provider === 'gateway') && !values.get('base-url'))
    throw new Error(`--provider ${provider} needs --base-url: the address of the server.`);
  if (provider === 'anthropic' && !values.get('key') && !process.env.ANTHROPIC_API_KEY)
    throw new Error('--provider anthropic needs --key, or ANTHROPIC_API_KEY in the environment.');
  const required = values.get('require');
  if (required !== undefined && !(Number(required) >= 0 && Number(required) <= 100))
    throw new Error(`--require must be a percentage from 0 to 100, not ${required}.`);
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '-');
  const limit = count('limit');
  return {
    bench: bench as BenchName,
    provider: provider as Provider,
    concurrency: count('concurrency') ?? 1,
    out: values.get('out') ?? `bench/out/eval-${bench}-${provider}-${stamp}.jsonl`,
    resume: flags.has('resume'),
    record: flags.has('record'),
    ...(values.has('data') ? { data: values.get('data')! } : {}),
    ...(values.has('base-url') ? { baseUrl: values.get('base-url')! } : {}),
    ...(values.has('key') || process.env.ANTHROPIC_API_KEY
      ? { key: values.get('key') ?? process.env.ANTHROPIC_API_KEY! }
      : {}),
    ...(values.has('model') ? { model: values.get('model')! } : {}),
    ...(limit === undefined ? {} : { limit }),
    ...(required === undefined ? {} : { require: Number(required) }),
  };
}
