/**
 * How busy the machine is with work that is not ours: every second, all CPU time used on the
 * machine (/proc/stat) minus the CPU time of this process and its descendants (the bench's DuckDB,
 * Chromium). Reported per phase in cores, so a run disturbed by other work says so.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10;

function machineBusyMs() {
  const f = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idle = f[3] + f[4];
  return (f.slice(0, 8).reduce((a, b) => a + b, 0) - idle) * TICK_MS;
}

function ourTreeMs(root) {
  const parent = new Map();
  const cpu = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const st = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(f[1]));
      // utime + stime + the cutime + cstime of reaped children, so ended children still count.
      cpu.set(
        Number(name),
        (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS,
      );
    } catch {
      // gone
    }
  }
  let total = 0;
  for (const [pid, ms] of cpu) {
    for (let p = pid, hops = 0; p > 1 && hops < 30; p = parent.get(p) ?? 0, hops++) {
      if (p === root) {
        total += ms;
        break;
      }
    }
  }
  return total;
}

export class CpuMonitor {
  constructor(everyMs = 1000) {
    this.root = process.pid;
    this.samples = [];
    this.prev = { t: Date.now(), busy: machineBusyMs(), ours: ourTreeMs(this.root) };
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }
  sample() {
    const now = { t: Date.now(), busy: machineBusyMs(), ours: ourTreeMs(this.root) };
    const dt = now.t - this.prev.t;
    // A child that ended but is not yet reaped can make this dip: clamp at 0.
    const ours = Math.max(0, now.ours - this.prev.ours);
    const foreign = Math.max(0, now.busy - this.prev.busy - ours);
    if (dt > 0) this.samples.push({ t: now.t, foreignCores: foreign / dt });
    this.prev = now;
  }
  /** Mean and max foreign load (in cores) since `sinceMs` (Date.now() value). */
  summary(sinceMs = 0) {
    const s = this.samples.filter((x) => x.t >= sinceMs);
    if (s.length === 0) return { mean: null, max: null, samples: 0 };
    return {
      mean: s.reduce((a, b) => a + b.foreignCores, 0) / s.length,
      max: Math.max(...s.map((x) => x.foreignCores)),
      samples: s.length,
    };
  }
  stop() {
    clearInterval(this.timer);
  }
}
