/** Small helpers shared by the bench modules. */
export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

export const sql = (s) => `'${String(s).replaceAll("'", "''")}'`;

export function fmtMs(ms) {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  return ms >= 10_000
    ? `${(ms / 1000).toFixed(1)} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(2)} s`
      : `${Math.round(ms)} ms`;
}

export function fmtRatio(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return '—';
  return `${(a / b).toFixed(2)}×`;
}

export function fmtBytes(n) {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(2)} GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(0)} MiB`;
  return `${(n / 1024).toFixed(0)} KiB`;
}

export function log(...args) {
  const t = new Date().toISOString().slice(11, 19);
  console.log(`[bench ${t}]`, ...args);
}
