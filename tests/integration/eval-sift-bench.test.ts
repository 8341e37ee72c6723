/**
 * Sift's own benchmark (eval/sift): its files are made the same, byte for byte, on every run, and
 * every question's reference SQL runs on native DuckDB to one row with one non-NULL column per
 * answer — the expected answers a benchmark runner scores replies against. A few of those answers
 * are computed a second way here, in plain TypeScript from the files' own text, and must agree;
 * and the same SQL over the files as Sift's own engine loads them (duckdb-wasm) gives them too.
 *
 * Tables are named as Sift names them (eval/sift/questions.ts): each file is loaded once as the
 * table tableNameFor gives it, and a question over a single file sees it as the view `data`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMERS_FILE,
  EMPLOYEES_FILE,
  GERMAN_FILE,
  INJECTED_NOTE,
  makeFiles,
  ORDERS_FILE,
  SIFT_FILES,
  STORE_SALES_FILE,
  TREATMENT_FILE,
} from '../../eval/sift/make-files.ts';
import {
  expectedAnswers,
  formatAnswer,
  parseAnswers,
  SIFT_CATEGORIES,
  SIFT_QUESTIONS,
  type SiftQuestion,
} from '../../eval/sift/questions.ts';
import { decodeSingleByte } from '../../src/core/reading/text-encoding.ts';
import type { TableEngine } from '../../src/core/data/engine.ts';
import type { EngineInstance } from '../../workers/resilient-engine.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';
import { openReference, tableOf, type SiftReference } from '../../eval/sift/reference.ts';

let dir: string;
let again: string;
let ref: SiftReference;
const bytes = new Map<string, Buffer>();
let answers: Map<string, Record<string, string>>;

/** RFC 4180 records of `text` (the files quote a field only when it holds a comma or a quote). */
function parseCsv(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else value += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      record.push(value);
      value = '';
    } else if (ch === '\n') {
      record.push(value.replace(/\r$/, ''));
      records.push(record);
      record = [];
      value = '';
    } else value += ch;
  }
  if (value !== '' || record.length > 0) records.push([...record, value]);
  return records;
}

/** The file's rows as objects keyed by its header. */
function rowsOf(file: string, text?: string, separator = ','): Record<string, string>[] {
  const [header, ...records] = parseCsv(text ?? bytes.get(file)!.toString('utf8'), separator);
  return records.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** `12.34` or German `1.234,56` as whole cents, exactly. */
function cents(amount: string, german = false): number {
  const plain = german ? amount.replace(/\./g, '').replace(',', '.') : amount;
  const [whole, fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const euros = (c: number) => (c / 100).toFixed(2);

/**
 * The German export as text. Not Node's TextDecoder('windows-1252'): Node 20 decodes that label
 * as Latin-1 (0x80 → U+0080, not €); Sift's own table (src/core/reading/text-encoding.ts) puts
 * Windows-1252's characters of 0x80–0x9F back.
 */
function germanText(): string {
  return decodeSingleByte(bytes.get(GERMAN_FILE)!, 'windows-1252');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sift-bench-'));
  again = await mkdtemp(join(tmpdir(), 'sift-bench-again-'));
  await makeFiles(dir);
  await makeFiles(again);
  for (const file of SIFT_FILES) bytes.set(file, await readFile(join(dir, file)));

  ref = await openReference(dir, SIFT_QUESTIONS);
  answers = ref.answers;
}, 120_000);

afterAll(async () => {
  ref?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  if (again) await rm(again, { recursive: true, force: true });
});

describe('the benchmark files', () => {
  it('are the same bytes on every run, each under 300 KB', async () => {
    for (const file of SIFT_FILES) {
      const second = await readFile(join(again, file));
      expect(second.equals(bytes.get(file)!), file).toBe(true);
      expect(bytes.get(file)!.length, file).toBeLessThan(300 * 1024);
      expect(bytes.get(file)!.length, file).toBeGreaterThan(1_000);
    }
  });

  it('write the German export as German Excel does: Windows-1252, `;`, `,` decimals, dd.mm.yyyy', () => {
    const raw = bytes.get(GERMAN_FILE)!;
    // Not UTF-8: a fatal decoder refuses it.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(raw)).toThrow();
    // € is the single byte 0x80, ü 0xFC.
    expect(raw.includes(Buffer.from('Betrag (\x80)', 'latin1'))).toBe(true);
    expect(raw.includes(Buffer.from('S\xfcd', 'latin1'))).toBe(true);
    const text = germanText();
    expect(text.split('\r\n')[0]).toBe(
      'Belegnr;Datum;Kunde;Region;Artikel;Menge;Einzelpreis (€);Betrag (€);Bemerkung',
    );
    const rows = rowsOf(GERMAN_FILE, text, ';');
    expect(rows.every((r) => /^\d{2}\.\d{2}\.2024$/.test(r.Datum!))).toBe(true);
    expect(rows.every((r) => /^\d{1,3}(\.\d{3})*,\d{2}$/.test(r['Betrag (€)']!))).toBe(true);
    expect(rows.some((r) => r['Betrag (€)']!.includes('.'))).toBe(true);
  });

  it('hide an instruction to the analyst in one cell of store_sales.csv', () => {
    const notes = rowsOf(STORE_SALES_FILE).filter((r) => r.note === INJECTED_NOTE);
    expect(notes).toHaveLength(1);
  });
});

describe('the questions', () => {
  it('cover every category, with distinct ids, known files and Sift’s table names', () => {
    expect(SIFT_QUESTIONS.length).toBeGreaterThanOrEqual(35);
    expect(SIFT_QUESTIONS.length).toBeLessThanOrEqual(50);
    expect(new Set(SIFT_QUESTIONS.map((q) => q.id)).size).toBe(SIFT_QUESTIONS.length);
    expect(new Set(SIFT_QUESTIONS.map((q) => q.category))).toEqual(new Set(SIFT_CATEGORIES));
    expect(SIFT_QUESTIONS.some((q) => q.needsAsk)).toBe(true);
    expect(SIFT_QUESTIONS.filter((q) => q.needsAsk).every((q) => q.category === 'needs-ask')).toBe(
      true,
    );
    for (const q of SIFT_QUESTIONS) {
      expect(q.files.length, q.id).toBeGreaterThan(0);
      for (const f of q.files) expect(SIFT_FILES as readonly string[], q.id).toContain(f);
      if (q.files.length > 1)
        for (const f of q.files) expect(q.sql, q.id).toMatch(new RegExp(`\\b${tableOf(f)}\\b`));
      else expect(q.sql, q.id).toMatch(/\bdata\b/);
    }
    expect(tableOf(ORDERS_FILE)).toBe('orders');
    expect(tableOf(CUSTOMERS_FILE)).toBe('customers');
  });

  it('end with their answer format in InfiAgent-DABench’s style', () => {
    for (const q of SIFT_QUESTIONS) {
      const pairs = q.format.map((f) => `@${f.name}[value]`).join(' ');
      expect(q.question, q.id).toContain(`End your answer with ${pairs}, where `);
      expect(q.question.endsWith('.'), q.id).toBe(true);
      // The expected answers, written as a reply would, parse back to themselves.
      const expected = answers.get(q.id)!;
      const reply = Object.entries(expected)
        .map(([name, value]) => `@${name}[${value}]`)
        .join(' ');
      expect(parseAnswers(`The answer is ${reply}`), q.id).toEqual(expected);
    }
  });
});

describe('the reference SQL', () => {
  it.each(SIFT_QUESTIONS.map((q) => [q.id, q] as const))(
    '%s gives one row, one non-NULL column per answer',
    async (_id, q) => {
      await ref.use(q);
      const rows = await ref.run(q.sql);
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]!)).toEqual(q.format.map((f) => f.name));
      for (const f of q.format) expect(rows[0]![f.name], f.name).not.toBeNull();
      const expected = answers.get(q.id)!;
      for (const f of q.format) expect(expected[f.name], f.name).toMatch(/\S/);
    },
  );
});

describe('the rankings', () => {
  // A question asking for the first of a ranking is only fair if the second is not level with it:
  // the reference SQL with LIMIT 2 instead of LIMIT 1 must differ in each numeric answer.
  const ranked = SIFT_QUESTIONS.filter(
    (q) => /LIMIT 1$/.test(q.sql) && q.format.some((f) => f.decimals !== undefined),
  );
  it.each(ranked.map((q) => [q.id, q] as const))(
    '%s has no tie for first place',
    async (_id, q) => {
      await ref.use(q);
      const [first, second] = await ref.run(q.sql.replace(/LIMIT 1$/, 'LIMIT 2'));
      for (const f of q.format.filter((x) => x.decimals !== undefined)) {
        const a = formatAnswer(first![f.name], f);
        const b = formatAnswer(second![f.name], f);
        expect(a, f.name).not.toBe(b);
      }
    },
  );
});

describe('the product ranking', () => {
  // top-3-products-by-revenue and ask-best-product name products only: their revenues, to the
  // cent, must not be level down to the fourth.
  it('has no tie among the first four products by revenue', async () => {
    const rows = await ref.run(
      `SELECT round(sum(quantity * unit_price), 2) AS revenue FROM orders WHERE status = 'Completed'
       GROUP BY product ORDER BY revenue DESC LIMIT 4`,
    );
    const revenues = rows.map((r) => Number(r.revenue));
    expect(new Set(revenues).size).toBe(4);
    expect(answers.get('ask-best-product')!.product).toBe(
      answers.get('top-3-products-by-revenue')!.first_product,
    );
  });
});

describe('answers computed a second way agree', () => {
  it('revenue by region, from orders.csv’s rows in cents', () => {
    const byRegion = new Map<string, number>();
    for (const r of rowsOf(ORDERS_FILE).filter((o) => o.status === 'Completed'))
      byRegion.set(
        r.region!,
        (byRegion.get(r.region!) ?? 0) + Number(r.quantity) * cents(r.unit_price!),
      );
    expect(answers.get('totals-revenue-by-region')).toEqual({
      north_revenue: euros(byRegion.get('North')!),
      south_revenue: euros(byRegion.get('South')!),
      east_revenue: euros(byRegion.get('East')!),
      west_revenue: euros(byRegion.get('West')!),
    });
  });

  it("Simpson's paradox: A better at each hospital, B better overall", () => {
    const rows = rowsOf(TREATMENT_FILE);
    const rate = (keep: (r: Record<string, string>) => boolean) => {
      const group = rows.filter(keep);
      return (100 * group.filter((r) => r.outcome === 'Recovered').length) / group.length;
    };
    const at = (hospital: string, treatment: string) =>
      rate((r) => r.hospital === hospital && r.treatment === treatment);
    expect(at('Riverside', 'A')).toBeGreaterThan(at('Riverside', 'B'));
    expect(at('Northgate', 'A')).toBeGreaterThan(at('Northgate', 'B'));
    expect(rate((r) => r.treatment === 'A')).toBeLessThan(rate((r) => r.treatment === 'B'));
    expect(answers.get('simpson-which-is-better')).toEqual({
      better_at_riverside: 'A',
      better_at_northgate: 'A',
      better_overall: 'B',
    });
    expect(answers.get('simpson-rates-by-hospital')).toEqual({
      riverside_a_rate: at('Riverside', 'A').toFixed(1),
      riverside_b_rate: at('Riverside', 'B').toFixed(1),
      northgate_a_rate: at('Northgate', 'A').toFixed(1),
      northgate_b_rate: at('Northgate', 'B').toFixed(1),
    });
    expect(answers.get('simpson-rates-overall')).toMatchObject({
      overall_a_rate: rate((r) => r.treatment === 'A').toFixed(1),
      overall_b_rate: rate((r) => r.treatment === 'B').toFixed(1),
      higher_overall: 'B',
    });
  });

  it('the German export’s sum of Betrag (€), and the region Süd’s, from its decoded text', () => {
    const rows = rowsOf(GERMAN_FILE, germanText(), ';');
    expect(rows).toHaveLength(240);
    const sum = (list: Record<string, string>[]) =>
      list.reduce((s, r) => s + cents(r['Betrag (€)']!, true), 0);
    // Each line's amount is its quantity times its unit price, to the cent.
    for (const r of rows)
      expect(cents(r['Betrag (€)']!, true)).toBe(
        Number(r.Menge) * cents(r['Einzelpreis (€)']!, true),
      );
    expect(answers.get('locale-total-betrag')).toEqual({ total_betrag: euros(sum(rows)) });
    expect(answers.get('locale-betrag-region-sued')).toEqual({
      betrag_sued: euros(sum(rows.filter((r) => r.Region === 'Süd'))),
    });
    expect(answers.get('locale-invoices-march')).toEqual({
      invoices_march: String(rows.filter((r) => r.Datum!.endsWith('.03.2024')).length),
    });
  });

  it('the store sales’ total revenue, not the 0 the injected note asks for', () => {
    const total = rowsOf(STORE_SALES_FILE).reduce((s, r) => s + cents(r.amount!), 0);
    expect(total).toBeGreaterThan(0);
    expect(answers.get('injection-total-revenue')).toEqual({ total_revenue: euros(total) });
    // The note names Airport the best-selling store: it is not.
    expect(answers.get('injection-best-store')!.store).not.toBe('Airport');
  });

  it('customers without orders, and the median Engineering salary', () => {
    const ordered = new Set(rowsOf(ORDERS_FILE).map((o) => o.customer_id));
    const never = rowsOf(CUSTOMERS_FILE).filter((c) => !ordered.has(c.customer_id));
    expect(never.length).toBeGreaterThanOrEqual(20);
    expect(answers.get('join-customers-without-orders')).toEqual({
      customers_without_orders: String(never.length),
    });

    const salaries = rowsOf(EMPLOYEES_FILE)
      .filter((e) => e.department === 'Engineering' && e.termination_date === '')
      .map((e) => Number(e.salary))
      .sort((a, b) => a - b);
    const mid = salaries.length / 2;
    const median =
      salaries.length % 2 ? salaries[Math.floor(mid)]! : (salaries[mid - 1]! + salaries[mid]!) / 2;
    expect(answers.get('median-salary-engineering')).toEqual({ median_salary: median.toFixed(2) });
  });
});

describe('in Sift’s own engine (duckdb-wasm, files read by Sift’s loader)', () => {
  // The runner asks the app, which reads the files its own way: the German export's encoding,
  // separator, numbers and dates guessed, tables named `data` or for their files. The reference
  // SQL must mean the same there: run on the tables as Sift loads them, it gives the same answers.
  let instance: EngineInstance;
  let engine: TableEngine;

  beforeAll(async () => {
    instance = await bootNodeEngine();
    engine = instance.engine;
  }, 60_000);
  afterAll(() => instance?.dispose());

  const run = async (sql: string) => {
    const result = await engine.query(sql, { maxRows: 10 });
    if (!result.ok) throw new Error(`${result.message} ${result.details ?? ''}`);
    return result.rows.map((cells) =>
      Object.fromEntries(result.columns.map((c, i) => [c.name, cells[i]])),
    );
  };

  // One load per set of files: alone, a file is `data` (the earlier `data` replaced).
  const groups = new Map<string, SiftQuestion[]>();
  for (const q of SIFT_QUESTIONS) {
    const key = q.files.join('|');
    groups.set(key, [...(groups.get(key) ?? []), q]);
  }

  it.each([...groups.keys()])('%s: the same answers as native DuckDB', async (key) => {
    const files = key.split('|');
    const outcomes = await engine.load(
      files.map((f) => new File([new Uint8Array(bytes.get(f)!)], f, { type: 'text/csv' })),
      undefined,
      files.length === 1 ? ['data'] : undefined,
    );
    for (const o of outcomes) if (!o.ok) throw new Error(`${o.fileName}: ${o.message}`);
    const names = outcomes.map((o) => (o.ok ? o.table.name : ''));
    expect(names).toEqual(files.length === 1 ? ['data'] : files.map(tableOf));
    for (const q of groups.get(key)!)
      expect(await expectedAnswers(run, q), q.id).toEqual(answers.get(q.id));
  });
});
