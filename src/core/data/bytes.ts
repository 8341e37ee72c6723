/** A size as people read it: binary units (1 GB = 1024³ bytes, as the operating system counts memory). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1073741824) return `${(n / 1048576).toFixed(1)} MB`;
  return `${(n / 1073741824).toFixed(2)} GB`;
}

const UNITS: Record<string, number> = {
  bytes: 1,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
};

/** A size as DuckDB prints a setting ("3.1 GiB", "953.6 MiB", "0 bytes"), in bytes; null if not one. */
export function duckdbBytes(text: unknown): number | null {
  const m = /^\s*([\d.]+)\s*([a-z]+)\s*$/i.exec(String(text ?? ''));
  const unit = m && UNITS[m[2]!.toLowerCase()];
  return m && unit ? Math.round(Number(m[1]) * unit) : null;
}
