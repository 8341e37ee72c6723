/**
 * The fields a chart names, checked against the fields its data and transforms provide: every
 * encoding, facet, repeat, predicate and transform of a view (plot-spec.ts walks the views).
 */
import { closestMatch } from '../closest.ts';
import { isObject, path, quote, refuse, type Obj } from './plot-spec-util.ts';

/** The fields a view's rows have, as far as the check can know. */
export interface Scope {
  /** Fields of the rows plus every field a transform created. */
  fields: Set<string>;
  /** A pivot creates fields from data values, which cannot be known here. */
  open: boolean;
}

/** Unescaped field text: `a\.b` names the key "a.b". */
const unescape = (s: string) => s.replace(/\\(.)/g, '$1');

/** The first segment of a field path: `a` of `a.b`, `a[0]` and `a.b\.c`. */
const pathHead = (field: string) => /^(?:[^.[\\]|\\.)*/.exec(field)?.[0] ?? '';

/**
 * Vega-Lite reads `a.b` and `a[0]` as paths into nested values, `a\.b` as the key "a.b".
 * A field exists when its whole text or its first path segment is a key.
 */
function fieldExists(field: string, scope: Scope): boolean {
  // "*" stands for the rows themselves (a count), not a field.
  if (field === '*') return true;
  if (scope.open || scope.fields.has(field) || scope.fields.has(unescape(field))) return true;
  const head = pathHead(field);
  return head !== '' && head !== field && scope.fields.has(unescape(head));
}

/** Where a field name sits, so that it can be checked and, if need be, escaped in place. */
type Slot = [holder: Obj | unknown[], key: string | number];

const read = ([holder, key]: Slot): unknown =>
  Array.isArray(holder) ? holder[key as number] : holder[key as string];

/**
 * Checks the field named at `slot`. A column called "a.b" is a common result of SQL, and
 * Vega-Lite would read the plain name as a path into a missing "a" and draw nothing; such a
 * name is escaped (`a\.b`) in the returned spec rather than refused.
 */
function requireField(slot: Slot, at: string, scope: Scope): void {
  const field = read(slot);
  if (typeof field !== 'string') return; // e.g. {"repeat": "row"}
  const pathLike = /[.[\]]/.test(field) && !field.includes('\\');
  if (!scope.open && pathLike && scope.fields.has(field) && !scope.fields.has(pathHead(field))) {
    const [holder, key] = slot;
    const escaped = field.replace(/[.[\]]/g, '\\$&');
    if (Array.isArray(holder)) holder[key as number] = escaped;
    else holder[key as string] = escaped;
    return;
  }
  if (fieldExists(field, scope)) return;
  const available = [...scope.fields];
  const shown =
    available.length > 40
      ? `${available.slice(0, 40).join(', ')}, … (${available.length} in all)`
      : available.join(', ');
  const best = closestMatch(unescape(field), available);
  refuse(
    `${at} names the field ${quote(field)}, which is not in the data. Available fields: ${shown || '(none)'}.` +
      (best ? ` Did you mean ${quote(best)}?` : ''),
  );
}

/** Checks one field name or each of a list of them, found at `holder[key]`. */
function requireFields(holder: Obj, key: string, at: string, scope: Scope): void {
  const value = holder[key];
  if (Array.isArray(value)) value.forEach((_, i) => requireField([value, i], path(at, i), scope));
  else requireField([holder, key], at, scope);
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

function addNames(scope: Scope, names: unknown): void {
  for (const name of asList(names)) if (typeof name === 'string') scope.fields.add(name);
}

/** A field definition in an encoding channel, a condition, or a tooltip/detail array. */
function checkFieldDef(def: unknown, at: string, scope: Scope): void {
  if (!isObject(def)) return;
  requireField([def, 'field'], path(at, 'field'), scope);
  if (isObject(def.sort)) requireField([def.sort, 'field'], path(at, 'sort.field'), scope);
  if (isObject(def.aggregate)) {
    requireField([def.aggregate, 'argmax'], path(at, 'aggregate.argmax'), scope);
    requireField([def.aggregate, 'argmin'], path(at, 'aggregate.argmin'), scope);
  }
  if (Array.isArray(def.condition))
    def.condition.forEach((c, i) => checkFieldDef(c, path(at, `condition[${i}]`), scope));
  else checkFieldDef(def.condition, path(at, 'condition'), scope);
}

export function checkEncoding(encoding: Obj, at: string, scope: Scope): void {
  for (const [channel, def] of Object.entries(encoding)) {
    const here = path(at, channel);
    if (channel === 'url' || channel === 'href')
      refuse(`${here}: the ${channel} channel is not allowed in charts.`);
    if (Array.isArray(def)) def.forEach((d, i) => checkFieldDef(d, path(here, i), scope));
    else checkFieldDef(def, here, scope);
  }
}

export function checkFacet(facet: unknown, at: string, scope: Scope): void {
  if (!isObject(facet)) return;
  if ('field' in facet) checkFieldDef(facet, at, scope);
  for (const key of ['row', 'column'])
    if (isObject(facet[key])) checkFieldDef(facet[key], path(at, key), scope);
}

/** The names listed in `repeat` are fields the inner spec will use. */
export function checkRepeat(repeat: unknown, at: string, scope: Scope): void {
  if (Array.isArray(repeat))
    repeat.forEach((_, i) => requireField([repeat, i], path(at, i), scope));
  else if (isObject(repeat))
    for (const key of ['row', 'column', 'layer']) requireFields(repeat, key, path(at, key), scope);
}

/** Predicates (`{"field": …, "equal": …}`) nested in a filter's and/or/not. */
function checkPredicate(predicate: unknown, at: string, scope: Scope): void {
  if (Array.isArray(predicate)) predicate.forEach((p, i) => checkPredicate(p, path(at, i), scope));
  if (!isObject(predicate)) return;
  requireField([predicate, 'field'], path(at, 'field'), scope);
  for (const key of ['and', 'or', 'not'])
    if (key in predicate) checkPredicate(predicate[key], path(at, key), scope);
}

/** Checks what a transform reads and adds what it creates, in order. */
export function checkTransform(t: unknown, at: string, scope: Scope, maxRows: number): void {
  if (!isObject(t)) refuse(`${at} must be an object.`);
  const need = (...keys: string[]) => {
    for (const key of keys) requireFields(t, key, path(at, key), scope);
  };
  const ops = (key: string) => {
    asList(t[key]).forEach((op, i) => {
      if (!isObject(op)) return;
      requireField([op, 'field'], path(at, `${key}[${i}].field`), scope);
      addNames(scope, op.as);
    });
  };
  need('groupby');
  asList(t.sort).forEach((s, i) => {
    if (isObject(s)) requireField([s, 'field'], path(at, `sort[${i}].field`), scope);
  });

  if ('calculate' in t) addNames(scope, t.as);
  else if ('filter' in t) checkPredicate(t.filter, path(at, 'filter'), scope);
  else if ('aggregate' in t) ops('aggregate');
  else if ('joinaggregate' in t) ops('joinaggregate');
  else if ('window' in t) ops('window');
  else if ('stack' in t || 'bin' in t || 'timeUnit' in t) {
    need('stack' in t ? 'stack' : 'field');
    addNames(scope, t.as);
    // A single `as` name gets its end field beside it (`<as>_end`).
    if (typeof t.as === 'string' && !('timeUnit' in t)) scope.fields.add(`${t.as}_end`);
  } else if ('fold' in t) {
    need('fold');
    addNames(scope, t.as ?? ['key', 'value']);
  } else if ('flatten' in t) {
    need('flatten');
    addNames(scope, t.as);
  } else if ('pivot' in t) {
    need('pivot', 'value');
    scope.open = true;
  } else if ('density' in t) {
    need('density');
    addNames(scope, t.as ?? ['value', 'density']);
  } else if ('regression' in t || 'loess' in t) {
    need('regression' in t ? 'regression' : 'loess', 'on');
    addNames(scope, t.as);
  } else if ('quantile' in t) {
    need('quantile');
    addNames(scope, t.as ?? ['prob', 'value']);
  } else if ('impute' in t) need('impute', 'key');
  else if ('extent' in t) need('extent');
  else if ('lookup' in t) {
    need('lookup');
    const from = isObject(t.from) ? t.from : {};
    if (from.data !== undefined) {
      const fromFields = dataFields(from.data, path(at, 'from.data'), maxRows);
      if (from.fields === undefined && t.as === undefined) addNames(scope, [...fromFields]);
    }
    addNames(scope, from.fields);
    addNames(scope, t.as);
  }
}

export function dataFields(data: unknown, at: string, maxRows: number): Set<string> {
  if (!isObject(data)) refuse(`${at} must be an object with inline "values".`);
  if (!('values' in data)) {
    if ('name' in data)
      refuse(`${at}: named datasets are not supported. Put the rows inline in data.values.`);
    refuse(`${at} must have inline "values" (an array of row objects).`);
  }
  const rows = data.values;
  if (!Array.isArray(rows))
    refuse(
      `${at}.values must be an array: of row objects like [{"a": 1, "b": "x"}], or of plain values.`,
    );
  if (rows.length > maxRows)
    refuse(
      `${at}.values has ${rows.length} rows; a chart may have at most ${maxRows}. Aggregate in a query first (GROUP BY, binning, or top N) and chart its result.`,
    );
  const fields = new Set<string>();
  for (const row of rows) {
    // Vega-Lite reads a plain value (12, "a") as a row whose one field is named "data".
    if (isObject(row)) for (const key of Object.keys(row)) fields.add(key);
    else fields.add('data');
  }
  return fields;
}
