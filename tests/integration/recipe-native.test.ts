/**
 * A table's recipe (core/sql/recipe-sql.ts) run in native DuckDB beside its file must make the
 * table Sift's engine holds: the same columns and types, the same rows in the same order. Files
 * whose recipe needs DuckDB's encodings extension are skipped with the reason: it is downloaded
 * at INSTALL, and the tests run offline.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEngine } from '../../src/core/data/engine.ts';
import { needsEncodings, recipeScript } from '../../src/core/sql/recipe-sql.ts';
import { quoteIdent, quoteLiteral } from '../../src/core/sql/sql-text.ts';
import type { EngineInstance } from '../../workers/resilient-engine.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';
import { makeFile } from '../engine-suite/suite.ts';
import { openNativeDuckDB, type NativeDuckDB } from '../helpers/native-duckdb.ts';
import { CRAFTED_FILES, EXPORT_FILES } from '../engine-suite/recipe-files.ts';

let instance: EngineInstance;
let engine: TableEngine;
let native: NativeDuckDB;
const dir = mkdtempSync(join(tmpdir(), 'sift-recipe-'));

beforeAll(async () => {
  instance = await bootNodeEngine();
  engine = instance.engine;
  native = await openNativeDuckDB();
  // Relative paths are looked for in the files' folder, as if the script ran there.
  await native.run(`SET file_search_path = ${quoteLiteral(dir)}`);
}, 60_000);
afterAll(() => {
  instance?.dispose();
  native?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each row as DuckDB writes it as text, in the table's order. */
const ROWS = (t: string) => `SELECT CAST(${quoteIdent(t)} AS VARCHAR) AS r FROM ${quoteIdent(t)}`;

const FILES = [
  ...EXPORT_FILES.map((name) => ({
    name,
    bytes: () => new Uint8Array(readFileSync(join('tests/fixtures/exports', name))),
  })),
  ...CRAFTED_FILES,
];

describe('a recipe run in native DuckDB makes the table Sift read', () => {
  for (const { name, bytes } of FILES) {
    it(name, async (ctx) => {
      await engine.reset();
      const [outcome] = await engine.load([makeFile(name, bytes())]);
      if (!outcome?.ok) throw new Error(`${name}: ${JSON.stringify(outcome)}`);
      const { table } = outcome;
      const recipe = table.recipe ?? [];
      expect(recipe.length).toBeGreaterThan(0);
      if (needsEncodings(recipe))
        return ctx.skip(
          `${table.encoding} needs DuckDB's encodings extension, not installable offline`,
        );
      writeFileSync(join(dir, name), bytes());
      await native.run(`DROP TABLE IF EXISTS ${quoteIdent(table.name)}`);
      // The script as a person would run it: one text, statement after statement.
      const script = recipeScript([{ name: table.name, fileName: name, recipe }]);
      for (const statement of script.split(/;\n/).filter((s) => s.replace(/^--.*$/gm, '').trim()))
        await native.run(statement);
      expect(await native.describe(table.name)).toEqual(table.schema);
      const sift = await engine.query(ROWS(table.name), { maxRows: 100_000 });
      if (!sift.ok) throw new Error(sift.message);
      const ours = (await native.run(ROWS(table.name))).map((r) => r.r);
      expect(ours).toEqual(sift.rows.map((r) => r[0]));
      expect(ours.length).toBe(table.rows);
    });
  }
});
