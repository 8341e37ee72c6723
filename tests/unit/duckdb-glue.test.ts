/**
 * The edits to DuckDB-WASM's worker script (build/duckdb-glue.ts) against the installed
 * duckdb-wasm: each finds its text once, the patched script still compiles, and a glue that has
 * changed stops the build with the edit's name rather than shipping half-patched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { GLUE_EDITS, patchGlue } from '../../build/duckdb-glue.ts';

const require = createRequire(import.meta.url);
const glue = readFileSync(
  require.resolve('@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js'),
  'utf8',
);

describe("DuckDB-WASM's worker script, patched", () => {
  it('finds each edit once in the installed glue and leaves a script that compiles', () => {
    const patched = patchGlue(glue);
    for (const edit of GLUE_EDITS) {
      expect(patched).toContain(edit.replace);
      expect(patched).not.toContain(edit.find);
    }
    expect(patched.length).toBeLessThan(glue.length + 200);
    expect(() => new Script(patched, { filename: 'duckdb-browser-eh.worker.js' })).not.toThrow();
  });

  it('changes only the text of its edits', () => {
    const patched = patchGlue(glue);
    // Undo each edit: what is left is the installed glue, byte for byte.
    let undone = patched;
    for (const edit of [...GLUE_EDITS].reverse()) undone = undone.replace(edit.replace, edit.find);
    expect(undone).toBe(glue);
  });

  it('refuses a glue it does not recognise, naming the edit', () => {
    const changed = glue.replace(GLUE_EDITS[1]!.find, 'function applySignatureConversions(e){');
    expect(() => patchGlue(changed)).toThrow(/applySignatureConversions.*matched 0 times/);
    const twice = glue + GLUE_EDITS[0]!.find;
    expect(() => patchGlue(twice)).toThrow(/updateGOT.*matched 2 times/);
  });
});
