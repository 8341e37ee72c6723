/**
 * The SQL that converts a column of local numbers in DuckDB (numberSql, misfitSql) reads every
 * value as core's readNumber does, the figure the page shows as an example: one reading, in two
 * places, checked value by value in native DuckDB over every format the loader can choose.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  misfitSql,
  numberSql,
  readNumber,
  type NumberFormat,
} from '../../src/core/reading/local-numbers.ts';
import { quoteLiteral } from '../../src/core/sql/sql-text.ts';
import { type NativeDuckDB, openNativeDuckDB } from '../helpers/native-duckdb.ts';

const format = (decimal: '.' | ',', group: NumberFormat['group'], scale = 2): NumberFormat => ({
  decimal,
  group,
  scale,
  integerDigits: 12,
  percent: false,
  currencies: [],
  negatives: [],
  usesDecimal: true,
  usesGroup: true,
});

const FORMATS = [
  format('.', ','),
  format(',', '.'),
  format(',', ' '),
  format('.', ' '),
  format('.', "'"),
  format(',', "'"),
];

/** Values in every dress: signs, currencies, percent, spaces of three kinds, and junk. */
const BODIES = [
  '1234,56',
  '1.234,56',
  '1,234.56',
  '1 234,56',
  '1\u00a0234,56',
  '1\u202f234,56',
  "1'234.56",
  '12',
  '0,5',
  '0.5',
  '1,234',
  '1.234',
  '1.234.567',
  '1,234,567',
];
const DRESSES = [
  '{}',
  '-{}',
  '−{}',
  '+{}',
  '({})',
  '{}-',
  '{} €',
  '€{}',
  '${}',
  '-${}',
  '{} zł',
  'EUR {}',
  '{} %',
  '{}%',
  ' {} ',
  '\u00a0{}',
];
const JUNK = [
  'abc',
  '1.2.3',
  '12 34',
  '(12',
  '12)',
  '--12',
  '1,23,4',
  '€',
  '',
  '1e5',
  'INV-300',
  '—',
  'n/a',
];

describe('numbers in local formats read the same in DuckDB as in the page', () => {
  let native: NativeDuckDB | undefined;
  afterAll(() => native?.close());

  it('for every value in every format', async () => {
    native = await openNativeDuckDB();
    const values = [...BODIES.flatMap((b) => DRESSES.map((d) => d.replace('{}', b))), ...JUNK];
    await native.run(
      `CREATE TABLE v AS SELECT unnest([${values.map(quoteLiteral).join(', ')}]) AS v`,
    );
    let read = 0;
    for (const f of FORMATS) {
      const sql = numberSql('v', { ...f, scale: 2 }).replace(/AS DECIMAL\(18, 2\)/, 'AS VARCHAR');
      const rows = await native.run(`SELECT v, ${sql} AS n, ${misfitSql('v', f)} AS m FROM v`);
      for (const row of rows) {
        const v = String(row.v);
        const expected = readNumber(v, f);
        expect({ v, n: row.n === null ? null : String(row.n) }).toEqual({ v, n: expected });
        // A value is a number or kept as written, never both; blanks and markers are neither.
        if (expected !== null) read++;
        expect(row.m === null).toBe(
          expected !== null || v.trim() === '' || ['—', 'n/a'].includes(v),
        );
      }
    }
    // Numbers were read, so the comparison is not vacuous.
    expect(read).toBeGreaterThan(200);
  });
});
