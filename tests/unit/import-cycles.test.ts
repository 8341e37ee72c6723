/**
 * No file of the app imports itself back through others (issue 47: `prompts.ts` and
 * `compact-prompt.ts`, `read-file` → `read-delimited` → `text-parts` → `read-file` were such
 * circles). The core's folders are kept in one order by lint (eslint.config.js, LAYERS); this is
 * the same rule for files, everywhere. Imports are read from the text: relative ones only, which
 * are all a file of the app can import of another.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.(ts|svelte)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

/** The files `file` imports (types included: a circle of types is a circle of meaning). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)['"]/g)) {
    const target = resolve(dirname(file), m[1]!);
    if (existsSync(target) && statSync(target).isFile()) out.push(target);
  }
  return out;
}

/** Tarjan's strongly connected components of more than one file. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        part.push(relative(ROOT, w));
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the files of the app', () => {
  it('import one another in no circle', () => {
    const all = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'workers'))];
    const graph = new Map(all.map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph)).toEqual([]);
  });

  it('would see one', () => {
    const a = join(ROOT, 'a.ts');
    const b = join(ROOT, 'b.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });
});
