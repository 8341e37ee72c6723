// One bench's section of BENCHMARKS.md, between its own markers, so benches that run separately
// never overwrite each other's numbers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`, or appends it. */
export function writeSection(path, name, text) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${text}\n${end}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const a = current.indexOf(start);
  const b = current.indexOf(end);
  const next =
    a >= 0 && b > a
      ? `${current.slice(0, a)}${block}${current.slice(b + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(path, next);
}
