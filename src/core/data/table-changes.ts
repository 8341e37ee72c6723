/**
 * What differs between a table and the same table read from another file (issue 48: next
 * month's file under the same name): columns added, missing or of another type, and the rows
 * before and after — said to the person before the notebook runs on it.
 */
import type { ReadChoice, TableInfo } from './engine.ts';

export interface TableChanges {
  table: string;
  fileBefore: string;
  fileAfter: string;
  rowsBefore: number;
  rowsAfter: number;
  added: string[];
  missing: string[];
  retyped: Array<{ column: string; before: string; after: string }>;
}

/** The choices the person made of how a table is read, to read another file the same way. */
export function readChoiceOf(info: TableInfo): ReadChoice {
  return {
    ...(info.sheet === undefined ? {} : { sheet: info.sheet }),
    ...(info.readAs === undefined ? {} : { encoding: info.readAs }),
    ...(info.asWritten ? { asWritten: true } : {}),
    ...(info.dates ? { dates: info.dates } : {}),
  };
}

/** Each column's type by name; the type is unknown ('') where the table has no schema. */
const typesOf = (t: TableInfo): Map<string, string> =>
  new Map(t.schema ? t.schema.map((c) => [c.name, c.type]) : t.columns.map((c) => [c.name, '']));

export function tableChanges(before: TableInfo, after: TableInfo): TableChanges {
  const was = typesOf(before);
  const now = typesOf(after);
  return {
    table: after.name,
    fileBefore: before.fileName,
    fileAfter: after.fileName,
    rowsBefore: before.rows,
    rowsAfter: after.rows,
    added: [...now.keys()].filter((c) => !was.has(c)),
    missing: [...was.keys()].filter((c) => !now.has(c)),
    retyped: [...now].flatMap(([column, type]) => {
      const old = was.get(column);
      return old && type && old !== type ? [{ column, before: old, after: type }] : [];
    }),
  };
}

const list = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The changes in sentences, most telling first; none when only the rows' number changed. */
export function changesInWords(c: TableChanges): string[] {
  const words: string[] = [];
  if (c.missing.length)
    words.push(
      `${c.missing.length === 1 ? 'Column' : 'Columns'} ${list(c.missing)} ${c.missing.length === 1 ? 'is' : 'are'} missing from the new file: cells that use ${c.missing.length === 1 ? 'it' : 'them'} will fail, naming ${c.missing.length === 1 ? 'it' : 'them'}.`,
    );
  for (const r of c.retyped)
    words.push(`Column ${r.column} was ${r.before} and is ${r.after} now.`);
  if (c.added.length)
    words.push(
      `${c.added.length === 1 ? 'Column' : 'Columns'} ${list(c.added)} ${c.added.length === 1 ? 'is' : 'are'} new.`,
    );
  if (!words.length) words.push('The same columns, of the same types.');
  return words;
}

/** "1,204 rows (1,180 before)". */
export const rowsInWords = (c: TableChanges, count: (n: number) => string): string =>
  c.rowsAfter === c.rowsBefore
    ? `${count(c.rowsAfter)} rows, as before`
    : `${count(c.rowsAfter)} rows (${count(c.rowsBefore)} before)`;
