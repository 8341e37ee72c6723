/**
 * The expected answers of Sift's own benchmark, computed by native DuckDB (@duckdb/node-api) from
 * the files makeFiles wrote: each question's reference SQL over the tables as Sift names them.
 * Used by the benchmark runner (eval/run.mjs) and by tests/integration/eval-sift-bench.test.ts,
 * which also checks them against Sift's own reader and a second computation.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableNameFor } from '../../src/core/reading/column-names.ts';
import { decodeSingleByte } from '../../src/core/reading/text-encoding.ts';
import { quoteIdent, quoteLiteral } from '../../src/core/sql/sql-text.ts';
import { GERMAN_FILE, SIFT_FILES } from './make-files.ts';
import { expectedAnswers, type SiftQuestion } from './questions.ts';

/** A table's name as Sift gives a file loaded with others (a file alone is `data`). */
export const tableOf = (file: string) => tableNameFor(file, new Set());

export type RunRows = (sql: string) => Promise<Record<string, unknown>[]>;

/** Plain values, as the worker hands rows on: BigInt as number, lists as arrays. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

export interface SiftReference {
  /** The expected answers of each question, by id. */
  answers: Map<string, Record<string, string>>;
  /** Shows the tables as question `q` sees them: one file as `data`, several by their names. */
  use(q: SiftQuestion): Promise<void>;
  run: RunRows;
  close(): void;
}

/**
 * Every benchmark file of `dir` as a table of one native DuckDB, and the expected answers of each
 * question. The German export: DuckDB's read_csv reads UTF-8, UTF-16 and Latin-1 only, and as
 * Latin-1 the euro sign (0x80 in Windows-1252) becomes U+0080; nor does its decimal_separator =
 * ',' accept a `.` between thousands. So its bytes are transcoded to UTF-8 with Sift's own table
 * (Node 20 decodes 'windows-1252' as Latin-1), read as text with `;` between fields, and
 * converted as Sift converts such columns (core/reading/local-numbers.ts, local-dates.ts).
 */
export async function openReference(
  dir: string,
  questions: readonly SiftQuestion[],
): Promise<SiftReference> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const close = () => {
    connection.closeSync();
    instance.closeSync();
  };
  const run: RunRows = async (sql) => {
    const reader = await connection.runAndReadAll(sql);
    return reader
      .getRowObjectsJS()
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)])));
  };
  const use = async (q: SiftQuestion) => {
    if (q.files.length === 1)
      await run(`CREATE OR REPLACE VIEW data AS SELECT * FROM ${quoteIdent(tableOf(q.files[0]!))}`);
    else await run('DROP VIEW IF EXISTS data');
  };
  try {
    for (const file of SIFT_FILES) {
      const table = quoteIdent(tableOf(file));
      if (file !== GERMAN_FILE) {
        await run(
          `CREATE TABLE ${table} AS SELECT * FROM read_csv(${quoteLiteral(join(dir, file))})`,
        );
        continue;
      }
      const utf8 = join(dir, 'umsatz-utf8.csv');
      await writeFile(
        utf8,
        decodeSingleByte(await readFile(join(dir, file)), 'windows-1252'),
        'utf8',
      );
      const num = (c: string) =>
        `CAST(replace(replace(t.${quoteIdent(c)}, '.', ''), ',', '.') AS DOUBLE) AS ${quoteIdent(c)}`;
      await run(
        `CREATE TABLE ${table} AS SELECT t.Belegnr, strptime(t.Datum, '%d.%m.%Y')::DATE AS Datum,
          t.Kunde, t.Region, t.Artikel, CAST(t.Menge AS INTEGER) AS Menge, ${num('Einzelpreis (€)')},
          ${num('Betrag (€)')}, t.Bemerkung
        FROM read_csv(${quoteLiteral(utf8)}, delim = ';', header = true, all_varchar = true) AS t`,
      );
    }
    const answers = new Map<string, Record<string, string>>();
    for (const q of questions) {
      await use(q);
      answers.set(q.id, await expectedAnswers(run, q));
    }
    return { answers, use, run, close };
  } catch (e) {
    close();
    throw e;
  }
}
