/**
 * What a notebook's SQL may not hold where it is written out for DuckDB (issue 48): a cell's name
 * that is one of DuckDB's keywords, and a cell's SQL that is more than one statement.
 */
import { body } from './notebook-sql.ts';

/**
 * DuckDB's keywords that are not plain names (`duckdb_keywords()` of DuckDB 1.5.5, categories
 * reserved, type_function and column_name): a cell named `order` or `left` would make every cell
 * reading it, and the exported views, fail to parse. A cell may not take one as its name.
 */
export const SQL_KEYWORDS: ReadonlySet<string> = new Set([
  'all',
  'analyse',
  'analyze',
  'and',
  'anti',
  'any',
  'array',
  'as',
  'asc',
  'asof',
  'asymmetric',
  'at',
  'authorization',
  'between',
  'bigint',
  'binary',
  'bit',
  'boolean',
  'both',
  'by',
  'case',
  'cast',
  'char',
  'character',
  'check',
  'coalesce',
  'collate',
  'collation',
  'column',
  'columns',
  'concurrently',
  'constraint',
  'create',
  'cross',
  'dec',
  'decimal',
  'default',
  'deferrable',
  'desc',
  'describe',
  'distinct',
  'do',
  'else',
  'end',
  'except',
  'exists',
  'extract',
  'false',
  'fetch',
  'float',
  'for',
  'foreign',
  'freeze',
  'from',
  'full',
  'generated',
  'glob',
  'group',
  'grouping',
  'grouping_id',
  'having',
  'ilike',
  'in',
  'initially',
  'inner',
  'inout',
  'int',
  'integer',
  'intersect',
  'interval',
  'into',
  'is',
  'isnull',
  'join',
  'lambda',
  'lateral',
  'leading',
  'left',
  'like',
  'limit',
  'map',
  'national',
  'natural',
  'nchar',
  'none',
  'not',
  'notnull',
  'null',
  'nullif',
  'numeric',
  'offset',
  'on',
  'only',
  'or',
  'order',
  'out',
  'outer',
  'overlaps',
  'overlay',
  'pivot',
  'pivot_longer',
  'pivot_wider',
  'placing',
  'position',
  'positional',
  'precision',
  'primary',
  'qualify',
  'real',
  'references',
  'returning',
  'right',
  'row',
  'select',
  'semi',
  'setof',
  'show',
  'similar',
  'smallint',
  'some',
  'struct',
  'substring',
  'summarize',
  'symmetric',
  'table',
  'tablesample',
  'then',
  'time',
  'timestamp',
  'to',
  'trailing',
  'treat',
  'trim',
  'true',
  'try_cast',
  'union',
  'unique',
  'unpack',
  'unpivot',
  'using',
  'values',
  'varchar',
  'variadic',
  'verbose',
  'when',
  'where',
  'window',
  'with',
  'xmlattributes',
  'xmlconcat',
  'xmlelement',
  'xmlexists',
  'xmlforest',
  'xmlnamespaces',
  'xmlparse',
  'xmlpi',
  'xmlroot',
  'xmlserialize',
  'xmltable',
]);

/**
 * Why `sql` cannot be written into a script as one cell's view, or null when it can: a script
 * run by the DuckDB CLI or Python runs every statement in it, and the CLI takes a line that
 * starts with `.` for one of its own commands (`.shell`). A cell is one statement; one from a
 * crafted `.sift`, which never passed Sift's read-only guard, must not carry a second.
 */
export function notOneStatement(sql: string): string | null {
  const text = body(sql);
  if (/(^|[\r\n])\s*\./.test(text))
    return 'a line of it starts with a dot, as the CLI’s own commands do';
  // Semicolons outside strings, quoted names and comments end a statement.
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return 'a quote in it is never closed';
      i = close;
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.slice(i).search(/[\r\n]/);
      if (end < 0) break;
      i += end;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return 'a comment in it is never closed';
      i = close + 1;
    } else if (c === '$' && /^\$[A-Za-z_]*\$/.test(text.slice(i))) {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i))![0];
      const close = text.indexOf(tag, i + tag.length);
      if (close < 0) return 'a dollar-quoted string in it is never closed';
      i = close + tag.length - 1;
    } else if (c === ';') return 'it holds more than one statement';
  }
  return null;
}
