/**
 * Small local models (Ollama, llama.cpp) call tools with inputs that are nearly right: a Vega-Lite
 * spec sent as JSON text, `"12"` for a number, `null` for an optional field, one string where a
 * list of strings is asked for. Zod would reject each, and the model, told only zod's error, often
 * repeats it. Here such inputs are mended where the tool's JSON Schema leaves no doubt about what
 * was meant, and anything else gets a message that says what to send instead. Zod still checks
 * the result afterwards: only types and required fields are looked at here.
 */

/** The part of a tool's JSON Schema (`toolSpec(t).input_schema`) that repairs read. */
export interface JsonSchema {
  type?: string | readonly string[];
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  items?: JsonSchema;
  enum?: readonly unknown[];
  anyOf?: readonly JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  description?: string;
}

export type Repair =
  /** `repaired`: one plain line per change, e.g. `spec: parsed the JSON text into an object`. */
  | { ok: true; input: unknown; repaired: string[] }
  /** What to send the model as the call's error. */
  | { ok: false; message: string };

/** The message stays short enough for a small model's context even for a big schema. */
const MESSAGE_MAX = 800;
/** Plain decimal numbers only: `1,000` or `12abc` could mean something else. */
const PLAIN_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)$/;

interface Log {
  repaired: string[];
  problems: string[];
  /**
   * Fields the tool does not have (`sql` for `query`): zod drops them, so they are named only
   * when the input fails for another reason, where they often explain it.
   */
  unknown: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  return schema.type ? [...schema.type] : [];
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

function fitsType(types: readonly string[], value: unknown): boolean {
  const kind = kindOf(value);
  if (types.includes(kind)) return true;
  return kind === 'number' && types.includes('integer') && Number.isInteger(value);
}

/** Whether `null` is a value the schema allows (a nullable field is kept, not dropped). */
function allowsNull(schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some(allowsNull);
  return typesOf(schema).includes('null') || (schema.enum?.includes(null) ?? false);
}

/** How a schema's type reads in a message: `string`, `array of strings`, `string or null`. */
function describe(schema: JsonSchema): string {
  if (schema.enum) return `one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(describe).join(' or ');
  const types = typesOf(schema);
  if (types.length === 0) return 'any value';
  return types
    .map((t) => (t === 'array' && schema.items ? `array of ${plural(schema.items)}` : t))
    .join(' or ');
}

/** `strings` for items of one plain type, else the item description as it is. */
function plural(items: JsonSchema): string {
  const d = describe(items);
  return /^[a-z]+$/.test(d) ? `${d}s` : `(${d})`;
}

const at = (path: string) => `${path || 'the input'}: `;
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** `value` mended against `schema`; what could not be mended goes to `log.problems`. */
function repair(schema: JsonSchema, value: unknown, path: string, log: Log): unknown {
  if (schema.anyOf) return repairAnyOf(schema.anyOf, value, path, log);
  const types = typesOf(schema);
  let v = value;
  if (types.length > 0 && !fitsType(types, v)) v = coerce(schema, types, v, path, log);
  if (types.length > 0 && !fitsType(types, v)) {
    log.problems.push(`${at(path)}must be ${describe(schema)}, got ${kindOf(v)}`);
    return v;
  }
  if (schema.enum && !schema.enum.includes(v)) v = matchEnum(schema.enum, v, path, log);
  if (Array.isArray(v) && schema.items) {
    const items = schema.items;
    return v.map((item, i) => repair(items, item, `${path}[${i}]`, log));
  }
  if (isObject(v) && (schema.properties || types.includes('object'))) {
    return repairObject(schema, v, path, log);
  }
  return v;
}

/** The first branch the value fits as it is, else the first it can be mended to fit. */
function repairAnyOf(branches: readonly JsonSchema[], value: unknown, path: string, log: Log) {
  const tries = branches.map((b) => {
    const trial: Log = { repaired: [], problems: [], unknown: [] };
    return { value: repair(b, value, path, trial), trial };
  });
  const best =
    tries.find((t) => t.trial.problems.length === 0 && t.trial.repaired.length === 0) ??
    tries.find((t) => t.trial.problems.length === 0);
  if (!best) {
    log.problems.push(`${at(path)}must be ${branches.map(describe).join(' or ')}`);
    return value;
  }
  log.repaired.push(...best.trial.repaired);
  return best.value;
}

/** A value of the wrong type turned into the expected one, where only one reading exists. */
function coerce(schema: JsonSchema, types: string[], v: unknown, path: string, log: Log) {
  if (typeof v === 'string') {
    const s = v.trim();
    // A spec or list sent as JSON text: the schema wants the structure, and JSON text says
    // exactly what it is.
    const parsed = /^[[{]/.test(s) ? parseJson(s) : undefined;
    if (parsed !== undefined && fitsType(types, parsed)) {
      const kind = Array.isArray(parsed) ? 'an array' : 'an object';
      log.repaired.push(`${at(path)}parsed the JSON text into ${kind}`);
      return parsed;
    }
    if ((types.includes('number') || types.includes('integer')) && PLAIN_NUMBER.test(s)) {
      const n = Number(s);
      if (types.includes('number') || Number.isInteger(n)) {
        log.repaired.push(`${at(path)}read the text "${v}" as the number ${n}`);
        return n;
      }
    }
    // `True`/`False` too: models that think in Python write booleans that way.
    if (types.includes('boolean') && /^(true|false)$/i.test(s)) {
      log.repaired.push(`${at(path)}read the text "${v}" as a boolean`);
      return s.toLowerCase() === 'true';
    }
  }
  if ((typeof v === 'number' || typeof v === 'boolean') && types.includes('string')) {
    log.repaired.push(`${at(path)}wrote ${String(v)} as text`);
    return String(v);
  }
  // One value where a list is asked for is taken as a list of one, only for a scalar that is
  // valid as an item as it is: a lone `"Yes"` cannot mean anything else. Text holding commas,
  // semicolons or lines may be a list written out (`"Yes, No"`), so it is not wrapped.
  const items = schema.items;
  if (types.includes('array') && items && !Array.isArray(v) && !isObject(v) && v !== null) {
    const itemTypes = typesOf(items);
    const scalarItems = !itemTypes.includes('object') && !itemTypes.includes('array');
    const listLike = typeof v === 'string' && /[,;\n]/.test(v);
    if (scalarItems && !listLike && fitsType(itemTypes, v) && (items.enum ?? [v]).includes(v)) {
      log.repaired.push(`${at(path)}put the single value into a list`);
      return [v];
    }
  }
  return v;
}

/** An enum option written with other case or spaces around it, when exactly one matches. */
function matchEnum(options: readonly unknown[], v: unknown, path: string, log: Log): unknown {
  const key =
    typeof v === 'string' || typeof v === 'number' ? String(v).trim().toLowerCase() : null;
  const hits = options.filter((o) => key !== null && String(o).toLowerCase() === key);
  if (hits.length === 1 && kindOf(hits[0]) === kindOf(v)) {
    log.repaired.push(
      `${at(path)}read ${JSON.stringify(v)} as the option ${JSON.stringify(hits[0])}`,
    );
    return hits[0];
  }
  log.problems.push(`${at(path)}must be ${describe({ enum: options })}, got ${JSON.stringify(v)}`);
  return v;
}

function repairObject(schema: JsonSchema, obj: Record<string, unknown>, path: string, log: Log) {
  const props = schema.properties ?? {};
  const required = schema.required ?? [];
  const extra = isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const sub = props[key] ?? extra;
    // A model that has nothing to say for an optional field often sends null: leaving the field
    // out says the same and is what the schema accepts.
    if (value === null && sub && !allowsNull(sub) && !required.includes(key)) {
      log.repaired.push(`${join(path, key)}: left out the null of an optional field`);
      continue;
    }
    if (!sub && schema.additionalProperties === false) log.unknown.push(join(path, key));
    out[key] = sub ? repair(sub, value, join(path, key), log) : value;
  }
  for (const key of required) {
    // A field with a default is filled in by zod; none is ever made up here.
    if (!(key in out) && props[key]?.default === undefined) {
      log.problems.push(`${join(path, key)}: missing (required)`);
    }
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A placeholder of the schema's type, for the example call. */
function example(schema: JsonSchema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length)
    return example(schema.anyOf.find((b) => !allowsNull(b)) ?? schema.anyOf[0]!);
  const type = typesOf(schema).find((t) => t !== 'null') ?? typesOf(schema)[0];
  if (type === 'string') return '...';
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'boolean') return false;
  if (type === 'null') return null;
  if (type === 'array') return schema.items ? [example(schema.items)] : [];
  const out: Record<string, unknown> = {};
  for (const key of schema.required ?? []) out[key] = example(schema.properties?.[key] ?? {});
  return out;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, Math.max(0, n - 1))}…` : s);

/** What the model is told: each problem, the parameters, and an input that would fit. */
function message(schema: JsonSchema, problems: string[]): string {
  const more = problems.length > 6 ? [`and ${problems.length - 6} more`] : [];
  const listed = [...problems.slice(0, 6), ...more].map((p) => `- ${clip(p, 120)}`).join('\n');
  const head = `The tool input does not fit its parameters:\n${listed}`;
  const tail = `Send for example: ${clip(JSON.stringify(example(schema)), 200)}`;
  const required = schema.required ?? [];
  const params = (descMax: number) =>
    Object.entries(schema.properties ?? {})
      .map(([key, sub]) => {
        const kind = `${clip(describe(sub), 50)}${required.includes(key) ? ', required' : ''}`;
        const desc = descMax > 0 && sub.description ? `: ${clip(sub.description, descMax)}` : '';
        return `- ${key} (${kind})${desc}`;
      })
      .join('\n');
  let descMax = 160;
  let list = params(descMax);
  const room = () => MESSAGE_MAX - head.length - tail.length - 20;
  while (list.length > room() && descMax > 0) {
    descMax = descMax > 40 ? descMax - 20 : 0;
    list = params(descMax);
  }
  const body = list ? `\nParameters:\n${clip(list, Math.max(room(), 80))}` : '';
  return `${head}${body}\n${tail}`;
}

const unknown = (keys: string[]) => keys.map((k) => `${k}: not a parameter of this tool`);

export function repairInput(schema: JsonSchema, input: unknown): Repair {
  const log: Log = { repaired: [], problems: [], unknown: [] };
  let value = input;
  // No input at all for a tool that needs none (list_tables) means the empty input.
  if ((value ?? '') === '' && (schema.required ?? []).length === 0) {
    log.repaired.push('the input: took the missing input as no parameters');
    value = {};
  }
  // The input itself sent as JSON text is mended like any object field (`coerce`).
  const repaired = repair({ ...schema, type: 'object' }, value, '', log);
  return log.problems.length > 0
    ? { ok: false, message: message(schema, [...log.problems, ...unknown(log.unknown)]) }
    : { ok: true, input: repaired, repaired: log.repaired };
}
