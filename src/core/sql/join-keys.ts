/**
 * How loaded tables connect: candidate join keys found from the columns' names (`orders.customer_id`
 * and `customers.id`, or a key-like name both tables share), then measured on the data — how many
 * of one side's keys the other side has, and how many rows the join would give. Seed 003 answers
 * questions across a folder of related CSVs; its agent had to guess the keys. Here the page shows
 * them and the model is told them in the dataset block.
 */
import { quoteIdent } from './sql-text.ts';

export interface JoinColumn {
  table: string;
  column: string;
}

export interface JoinHint {
  /** The side whose values repeat (the foreign key), when one side is unique. */
  left: JoinColumn;
  right: JoinColumn;
  /** Share of the left column's distinct values that the right column has (0–1). */
  match: number;
  /** Rows the join gives (inner join on this key). */
  joinedRows: number;
  leftRows: number;
  /** Each left row matches at most one right row. */
  rightUnique: boolean;
}

export interface KeyTable {
  name: string;
  rows: number;
  columns: Array<{ name: string; type: string }>;
}

/** Runs one read-only query and returns its single row by column name, or null when it failed. */
export type RunOne = (sql: string) => Promise<Record<string, unknown> | null>;

/** At most this many candidate pairs are measured: each is one query over both tables. */
export const MAX_CANDIDATES = 20;
/** Hints whose keys match less than this are not worth showing. */
export const MIN_MATCH = 0.5;

type Family = 'int' | 'text' | 'date';

function family(type: string): Family | null {
  if (/^(?:U?(?:TINY|SMALL|BIG|HUGE)?INT(?:EGER)?|UHUGEINT)$/.test(type)) return 'int';
  if (type === 'VARCHAR' || type === 'UUID') return 'text';
  if (type === 'DATE') return 'date';
  return null;
}

const norm = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** `id`, `customer_id`, `CustomerID`, `sku`, `order_no`, `country_code`: names that key rows. */
const KEY_LIKE = /(?:^|_)(?:id|key|code|no|number|sku|uuid)$|id$/;

/** The singular of a table's name as it appears in a column name: customers → customer. */
function singular(table: string): string[] {
  const t = norm(table);
  const out = new Set([t]);
  if (t.endsWith('ies')) out.add(`${t.slice(0, -3)}y`);
  if (t.endsWith('es')) out.add(t.slice(0, -2));
  if (t.endsWith('s')) out.add(t.slice(0, -1));
  return [...out];
}

/** Does column `a` of table `ta` name table `tb`'s column `b`? (`customer_id` → customers.`id`) */
function refersTo(a: string, tb: string, b: string): boolean {
  const [na, nb] = [norm(a), norm(b)];
  if (!/^(?:id|key|code)$/.test(nb)) return false;
  return singular(tb).some((s) => na === `${s}_${nb}` || na === `${s}${nb}`);
}

export interface Candidate {
  a: JoinColumn;
  b: JoinColumn;
  /**
   * Only the name is shared, and it is not a key's name (`region`, `city`): a hint only when
   * one side turns out unique, as a lookup table's column is.
   */
  sharedOnly?: boolean;
}

/** Pairs of columns, one from each of two tables, whose names and types suggest a join. */
export function joinCandidates(tables: KeyTable[]): Candidate[] {
  const out: Candidate[] = [];
  for (const [i, ta] of tables.entries())
    for (const tb of tables.slice(i + 1))
      for (const ca of ta.columns)
        for (const cb of tb.columns) {
          const fa = family(ca.type);
          if (!fa || fa !== family(cb.type)) continue;
          const same = norm(ca.name) === norm(cb.name);
          const keyed =
            (same && (KEY_LIKE.test(norm(ca.name)) || fa === 'date')) ||
            refersTo(ca.name, tb.name, cb.name) ||
            refersTo(cb.name, ta.name, ca.name);
          if (keyed || (same && fa === 'text'))
            out.push({
              a: { table: ta.name, column: ca.name },
              b: { table: tb.name, column: cb.name },
              ...(keyed ? {} : { sharedOnly: true }),
            });
        }
  return out.slice(0, MAX_CANDIDATES);
}

/** One query measuring both sides of a candidate: distinct keys, repeats, matches, joined rows. */
export function measureSql({ a, b }: Candidate): string {
  const side = (c: JoinColumn) =>
    `SELECT ${quoteIdent(c.column)} AS k, count(*) AS c FROM ${quoteIdent(c.table)} WHERE ${quoteIdent(c.column)} IS NOT NULL GROUP BY 1`;
  return [
    `WITH l AS (${side(a)}), r AS (${side(b)}), m AS (SELECT l.c AS lc, r.c AS rc FROM l JOIN r USING (k))`,
    'SELECT (SELECT count(*) FROM l) AS l_keys, (SELECT coalesce(max(c), 0) FROM l) AS l_max,',
    '(SELECT count(*) FROM r) AS r_keys, (SELECT coalesce(max(c), 0) FROM r) AS r_max,',
    '(SELECT count(*) FROM m) AS found, (SELECT coalesce(sum(lc * rc), 0) FROM m) AS joined',
  ].join(' ');
}

/**
 * The hint a measured candidate gives, oriented so that the unique side is on the right; null
 * when too few keys match.
 */
export function hintOf(
  { a, b, sharedOnly }: Candidate,
  row: Record<string, unknown>,
  rows: (table: string) => number,
): JoinHint | null {
  const n = (key: string) => Number(row[key] ?? 0);
  const [aKeys, aMax, bKeys, bMax, found] = ['l_keys', 'l_max', 'r_keys', 'r_max', 'found'].map(n);
  // The right side is the unique one (a key of its table); with both or neither unique, `b`.
  const flip = aMax! <= 1 && bMax! > 1;
  const [left, right, leftKeys, rightMax] = flip ? [b, a, bKeys!, aMax!] : [a, b, aKeys!, bMax!];
  if (leftKeys === 0) return null;
  const match = found! / leftKeys;
  if (match < MIN_MATCH) return null;
  if (sharedOnly && rightMax > 1) return null;
  return {
    left,
    right,
    match: Math.round(match * 1000) / 1000,
    joinedRows: n('joined'),
    leftRows: rows(left.table),
    rightUnique: rightMax <= 1,
  };
}

/** The join hints of `tables`, best first: found by name, measured on the data. */
export async function findJoinHints(run: RunOne, tables: KeyTable[]): Promise<JoinHint[]> {
  if (tables.length < 2) return [];
  const rows = (name: string) => tables.find((t) => t.name === name)?.rows ?? 0;
  const hints: JoinHint[] = [];
  for (const candidate of joinCandidates(tables)) {
    const row = await run(measureSql(candidate));
    const hint = row && hintOf(candidate, row, rows);
    if (hint) hints.push(hint);
  }
  return hints.sort((x, y) => Number(y.rightUnique) - Number(x.rightUnique) || y.match - x.match);
}

/** A hint in words, for the model's dataset block and the page's title text. */
export function describeHint(h: JoinHint): string {
  const pct = `${Math.round(h.match * 100)}%`;
  const l = `${h.left.table}.${h.left.column}`;
  const r = `${h.right.table}.${h.right.column}`;
  const fit = h.rightUnique
    ? `each ${h.left.table} row matches at most one ${h.right.table} row`
    : `keys repeat on both sides: the join gives ${h.joinedRows.toLocaleString('en-US')} rows from ${h.leftRows.toLocaleString('en-US')} — aggregate one side first`;
  return `${l} → ${r}: ${pct} of ${l} values are found in ${r}; ${fit}.`;
}
