/**
 * Deterministic benchmark CSVs: a seeded PRNG, streamed to disk, cached in bench/out by size.
 *
 * 12 columns, a realistic mix: integer id, timestamp, date, three doubles (one with NULLs), a
 * small integer, a 50-value category, a region, free text (some quoted, with commas and quotes),
 * a boolean (with NULLs) and an optional text code (mostly NULL).
 */
import {
  createWriteStream,
  existsSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';

export const GENERATOR_VERSION = 1;
export const COLUMNS = [
  'id',
  'ts',
  'day',
  'amount',
  'price',
  'score',
  'qty',
  'category',
  'region',
  'comment',
  'active',
  'code',
];

/** mulberry32: tiny, fast, good enough for synthetic data. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = Array.from({ length: 50 }, (_, i) => {
  const stems = [
    'Books',
    'Garden',
    'Toys',
    'Audio',
    'Kitchen',
    'Sports',
    'Office',
    'Beauty',
    'Tools',
    'Pets',
  ];
  const kinds = ['Basic', 'Plus', 'Pro', 'Kids', 'Outlet'];
  return `${stems[i % 10]} ${kinds[Math.floor(i / 10)]}`;
});
const REGIONS = ['North', 'South', 'East', 'West', 'Central', 'Overseas'];
const WORDS = (
  'the quick brown fox jumps over lazy dog order arrived late early damaged box customer ' +
  'happy again refund please thanks great value price colour size fits small large ok not ' +
  'really would buy recommend delivery driver left door neighbour weekend monday invoice'
).split(' ');

const pad2 = (n) => (n < 10 ? `0${n}` : `${n}`);
const BASE_MS = Date.UTC(2022, 0, 1);
const SPAN_S = 3 * 365 * 86400;

function dateParts(ms) {
  const d = new Date(ms);
  const day = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  return [day, `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`];
}

function makeRow(id, r) {
  const tsMs = BASE_MS + Math.floor(r() * SPAN_S) * 1000;
  const [day, time] = dateParts(tsMs);
  const [orderDay] = dateParts(tsMs - Math.floor(r() * 30) * 86400_000);
  const amount = (r() * 2000 - 200).toFixed(2);
  const price = r() < 0.05 ? '' : Math.exp(r() * 7).toFixed(4);
  const score = (r() * r()).toPrecision(6);
  const qty = 1 + Math.floor(r() * r() * 40);
  const category = CATEGORIES[Math.floor(r() * r() * 50)];
  const region = REGIONS[Math.floor(r() * REGIONS.length)];
  const nWords = 2 + Math.floor(r() * 10);
  const words = [];
  for (let i = 0; i < nWords; i++) words.push(WORDS[Math.floor(r() * WORDS.length)]);
  let comment;
  const style = r();
  if (style < 0.03) comment = '';
  else if (style < 0.1)
    comment = `"${words.slice(0, 3).join(' ')}, ""${words.slice(3).join(' ')}"""`;
  else if (style < 0.2) comment = `"${words.join(', ')}"`;
  else comment = words.join(' ');
  const a = r();
  const active = a < 0.02 ? '' : a < 0.6 ? 'true' : 'false';
  const code =
    r() < 0.8
      ? ''
      : `C-${Math.floor(r() * 100000)
          .toString(36)
          .toUpperCase()}`;
  return `${id},${day} ${time},${orderDay},${amount},${price},${score},${qty},${category},${region},${comment},${active},${code}\n`;
}

/**
 * Writes `path` (about `targetBytes` bytes) unless a finished file from the same generator
 * version and target already exists. Returns { path, bytes, rows, reused }.
 */
export async function ensureCsv(path, targetBytes, seed = 20261122) {
  const metaPath = `${path}.json`;
  if (existsSync(path) && existsSync(metaPath)) {
    try {
      const meta = JSON.parse(readFileSync(metaPath, 'utf8'));
      if (
        meta.version === GENERATOR_VERSION &&
        meta.targetBytes === targetBytes &&
        meta.seed === seed &&
        statSync(path).size === meta.bytes
      ) {
        return { path, bytes: meta.bytes, rows: meta.rows, reused: true };
      }
    } catch {
      // fall through and regenerate
    }
  }
  const tmp = `${path}.tmp`;
  const out = createWriteStream(tmp);
  const r = prng(seed);
  let bytes = 0;
  let rows = 0;
  let chunk = `${COLUMNS.join(',')}\n`;
  while (bytes + chunk.length < targetBytes) {
    for (let i = 0; i < 2000; i++) chunk += makeRow(++rows, r);
    if (chunk.length > 1 << 20 || bytes + chunk.length >= targetBytes) {
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  if (chunk) {
    bytes += Buffer.byteLength(chunk);
    out.write(chunk);
  }
  out.end();
  await once(out, 'finish');
  renameSync(tmp, path);
  writeFileSync(
    metaPath,
    JSON.stringify({ version: GENERATOR_VERSION, targetBytes, seed, bytes, rows }),
  );
  return { path, bytes, rows, reused: false };
}
