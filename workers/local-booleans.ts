/**
 * Columns of `Yes`/`No` (or `Y`/`N`, `T`/`F`) that DuckDB's sniffer reads as BOOLEAN, read as
 * text first (load-csv.ts textRead) and converted here so that the page and the model are told,
 * like any other value read from how it was written (issue 45): a person who wrote `Yes` and
 * sees `true` must find why. The words are DuckDB's own for a boolean cast.
 */
import { blankSql } from '../src/core/reading/local-numbers.ts';
import { quoteIdent, quoteLiteral } from '../src/core/sql/sql-text.ts';
import { misfitOf, type Planned } from './conversion-plan.ts';
import type { Exec } from './load-csv.ts';

const TRUE = ['true', 't', 'yes', 'y', '1'];
const FALSE = ['false', 'f', 'no', 'n', '0'];
const list = (words: string[]) => words.map(quoteLiteral).join(', ');

/** How each column becomes BOOLEAN, with the words it was written in. */
export async function planBooleans(exec: Exec, t: string, columns: string[]): Promise<Planned[]> {
  const plans: Planned[] = [];
  for (const column of columns) {
    const c = quoteIdent(column);
    const word = `lower(trim(${c}))`;
    const rows = await exec(
      `SELECT any_value(trim(${c})) AS written, ${word} AS w, count(*) AS n FROM ${t} WHERE NOT ${blankSql(c)} GROUP BY ${word} ORDER BY n DESC LIMIT 50`,
    );
    const known = (w: string) => TRUE.includes(w) || FALSE.includes(w);
    const fitted = rows.filter((r) => known(String(r.w)));
    const values = fitted.reduce((n, r) => n + Number(r.n), 0);
    const misfits = rows.reduce((n, r) => n + Number(r.n), 0) - values;
    if (values === 0) continue;
    const sql = `CASE WHEN ${word} IN (${list(TRUE)}) THEN true WHEN ${word} IN (${list(FALSE)}) THEN false END`;
    const byMeaning = (words: string[]) =>
      fitted.filter((r) => words.includes(String(r.w))).map((r) => String(r.written));
    const [yes, no] = [byMeaning(TRUE), byMeaning(FALSE)];
    const first = String(fitted[0]!.written);
    plans.push({
      column,
      sql,
      misfit: misfits > 0 ? misfitOf(sql, c) : undefined,
      conversion: {
        column,
        type: 'BOOLEAN',
        how: `${yes.join(', ') || '—'} as true, ${no.join(', ') || '—'} as false`,
        example: { from: first, to: String(TRUE.includes(first.toLowerCase())) },
        values,
        misfits,
      },
    });
  }
  return plans;
}
