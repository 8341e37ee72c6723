/**
 * A table's recipe (core/sql/recipe-sql.ts) run in native DuckDB beside its file must make the
 * table Sift's engine holds: the same columns and types, the same rows in the same order. Files
 * whose recipe needs DuckDB's encodings extension are skipped with the reason (INSTALL downloads
 * it, and the tests run offline); the rest of their recipe is checked on a UTF-8 copy instead.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEngine, TableInfo } from '../../src/core/data/engine.ts';
import { NATIVE_ENCODINGS, needsEncodings } from '../../src/core/sql/recipe-sql.ts';
import { notebookSql, tableScript } from '../../src/core/report/notebook-script.ts';
import { quoteIdent, quoteLiteral } from '../../src/core/sql/sql-text.ts';
import { decodeSingleByte, type SingleByteEncoding } from '../../src/core/reading/text-encoding.ts';
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

/**
 * Each row as DuckDB writes it as text, in the table's order: its MD5, and its start to show
 * where they differ (a query's cells come back cut, core/sql/query-limits.ts).
 */
const ROWS = (t: string) => {
  const row = `CAST(${quoteIdent(t)} AS VARCHAR)`;
  return `SELECT md5(${row}) AS h, left(${row}, 80) AS r FROM ${quoteIdent(t)}`;
};

async function siftTable(name: string, bytes: Uint8Array): Promise<TableInfo> {
  await engine.reset();
  const [outcome] = await engine.load([makeFile(name, bytes)]);
  if (!outcome?.ok) throw new Error(`${name}: ${JSON.stringify(outcome)}`);
  expect(outcome.table.recipe?.length).toBeGreaterThan(0);
  return outcome.table;
}

/** Runs `recipe` as a script beside `bytes` saved as `name`, and compares with Sift's table. */
async function sameInNative(table: TableInfo, name: string, bytes: Uint8Array, recipe: string[]) {
  writeFileSync(join(dir, name), bytes);
  await native.run(`DROP TABLE IF EXISTS ${quoteIdent(table.name)}`);
  // The script as a person would run it (the notebook's DuckDB SQL, with no cells): one text,
  // statement after statement.
  const beside = { ...table, fileName: name, recipe };
  const notebook = { title: name, cells: [], checks: new Map(), tables: [beside], at: new Date() };
  const script = notebookSql(notebook, [tableScript(beside)]);
  const statements = script.split(/;\n/).filter((s) => s.replace(/^--.*$/gm, '').trim());
  for (const statement of statements) await native.run(statement);
  expect(await native.describe(table.name)).toEqual(table.schema);
  const sift = await engine.query(ROWS(table.name), {
    maxRows: 200_000,
    maxBytes: 64 * 1024 * 1024,
  });
  if (!sift.ok) throw new Error(sift.message);
  expect(sift.truncated).toBe(false);
  const ours = (await native.run(ROWS(table.name))).map((r) => [r.h, r.r]);
  expect(ours).toEqual(sift.rows);
  expect(ours.length).toBe(table.rows);
}

/** A text of many rows, beyond the first part of a text Sift transcodes in parts (transcode.ts). */
function manyRows(n: number): string {
  const lines = ['Nr,Name,Betrag,Datum'];
  for (let i = 1; i <= n; i++)
    lines.push(
      `${i},Käse ${i % 97},${(i % 1000) - 500},2024-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, '0')}`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

const utf16le = (text: string) => {
  const body = Buffer.from(text, 'utf16le');
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), body]));
};

const FILES: Array<{ name: string; bytes: () => Uint8Array }> = [
  ...EXPORT_FILES.map((name) => ({
    name,
    bytes: () => new Uint8Array(readFileSync(join('tests/fixtures/exports', name))),
  })),
  ...CRAFTED_FILES,
  // Gzipped: named for it, and not (DuckDB is told in the recipe).
  { name: 'orders.csv.gz', bytes: () => gzipSync(CRAFTED_FILES[0]!.bytes()) },
  { name: 'orders-gzip.csv', bytes: () => gzipSync(CRAFTED_FILES[0]!.bytes()) },
  // Made UTF-8 and read in parts in the worker; read at once by native DuckDB.
  { name: 'many-rows-utf16.txt', bytes: () => utf16le(manyRows(100_000)) },
];

describe('a recipe run in native DuckDB makes the table Sift read', () => {
  for (const { name, bytes } of FILES) {
    it(
      name,
      async (ctx) => {
        const table = await siftTable(name, bytes());
        const recipe = table.recipe!;
        if (needsEncodings(recipe))
          return ctx.skip(
            `${table.encoding} needs DuckDB's encodings extension, not installable offline`,
          );
        await sameInNative(table, name, bytes(), recipe);
      },
      30_000,
    );
  }

  // What the extension would do, done here: the file made UTF-8 as Sift makes it, the rest of
  // the recipe (title lines, totals, conversions) run on it as it stands.
  for (const { name, bytes } of FILES) {
    it(`${name}, its recipe on a UTF-8 copy, where the encodings extension would decode it`, async (ctx) => {
      const table = await siftTable(name, bytes());
      const recipe = table.recipe!;
      if (!needsEncodings(recipe)) return ctx.skip('read by native DuckDB itself, above');
      const encoding = table.encoding as SingleByteEncoding;
      const copy = new TextEncoder().encode(decodeSingleByte(bytes(), encoding));
      const code = quoteLiteral(NATIVE_ENCODINGS[encoding].name);
      const utf8 = recipe.map((s) => s.replaceAll(`encoding = ${code}`, "encoding = 'utf-8'"));
      await sameInNative(table, name, copy, utf8);
    }, 30_000);
  }
});
