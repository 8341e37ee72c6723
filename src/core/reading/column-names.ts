/**
 * Header names made usable: trimmed, control characters and runs of white space folded to one
 * space, empty headers named `column_N`, and duplicates (DuckDB compares names without regard to
 * case) given `_2`, `_3`… suffixes. Anything else a person typed is kept: quoting handles it.
 */

const MAX_NAME_LENGTH = 120;

function fold(original: string | null): string {
  return (
    (original ?? '')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is folded
      .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
      .trim()
      .slice(0, MAX_NAME_LENGTH)
  );
}

export function cleanColumnNames(originals: ReadonlyArray<string | null>): string[] {
  const folded = originals.map(fold);
  // Generated names and suffixes never take a name that a header in the file already has.
  const written = new Set(folded.filter((name) => name !== '').map((name) => name.toLowerCase()));
  const taken = new Set<string>();
  return folded.map((header, i) => {
    const name = header === '' ? `column_${i + 1}` : header;
    const key = name.toLowerCase();
    if (!taken.has(key) && (header !== '' || !written.has(key))) {
      taken.add(key);
      return name;
    }
    let n = 2;
    while (taken.has(`${key}_${n}`) || written.has(`${key}_${n}`)) n++;
    taken.add(`${key}_${n}`);
    return `${name}_${n}`;
  });
}

/** A table name from a file name: lower-case letters, digits and underscores, never starting with a digit. */
export function tableNameFor(fileName: string, taken: ReadonlySet<string>): string {
  // "people.tsv.gz" is the table people: a text format's ending goes with gzip's.
  const gzipped = fileName.replace(/\.(?:csv|tsv|tab|txt|psv|dat|json|jsonl|ndjson)\.gz$/i, '');
  const stem = gzipped !== fileName ? gzipped : fileName.replace(/\.[^.]*$/, '');
  return identifierLike(stem, taken, 't');
}

/**
 * `text` made a name DuckDB reads without quotes (lower-case letters, digits and `_`, accents
 * dropped, starting with a letter: `prefix_` before one that would not), numbered past those
 * `taken`: a table's from its file, a notebook cell's from what the person typed.
 */
export function identifierLike(
  text: string,
  taken: { has(name: string): boolean },
  prefix: string,
): string {
  let base = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
  if (base === '' || /^[0-9]/.test(base)) base = `${prefix}_${base}`.replace(/_+$/, '');
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  return name;
}
