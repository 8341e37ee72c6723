/**
 * The one rule for the names of the files Sift saves (issue 33): "<session title> – <what>.<ext>",
 * e.g. "weather – Rain by month.png". Every download uses it (components/items/download.ts
 * re-exports it for the components; state/session-transfer.ts names a session's export with it).
 * In the core because the session's export is named in the state layer, which may not import a
 * component's module.
 *
 * A name must be accepted as it is by Windows, macOS and Linux, or the browser renames it its own
 * way: no reserved character (<>:"/\|?* and control characters), no trailing dot or space
 * (Windows drops them), no leading dot (hidden on macOS and Linux), not a device name Windows
 * refuses whatever the extension (CON, NUL, COM1…). Letters of every script, accents and emoji are
 * kept: they are the person's words, and every current file system stores them.
 */

/** Characters, not bytes: a name a person can still read whole in a file dialog. */
export const MAX_NAME_CHARS = 120;
/** Linux's file systems (ext4, btrfs) cap a name at 255 bytes of UTF-8: room to spare. */
const MAX_NAME_BYTES = 240;
const SEPARATOR = ' – ';

/** The extensions of the files Sift reads, as a session's title taken from a file ends. */
const DATA_EXTENSION = /\.(csv|tsv|txt|tab|psv|xlsx|xlsm|xls|parquet|json|jsonl|ndjson)(\.gz)?$/i;

const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

export interface FileNameParts {
  /** The title of the session the file comes from; null or empty where there is none. */
  session: string | null;
  /** What the file holds: a chart's or a table's title, a query's id, "session". */
  what: string;
  /** The extension, without its dot. */
  ext: string;
  /** Said instead of `what` when that has nothing left once made safe. */
  fallback?: string;
}

/** One part of a name: reserved characters out, spaces folded, no dot or space at either end. */
function clean(text: string): string {
  return (
    text
      .normalize('NFC')
      // "Sales: 2024" reads as "Sales - 2024", not "Sales- 2024".
      .replace(/\s*:\s+/g, ' - ')
      // A line break or a tab is a space in a name; any other control character is refused.
      .replace(/\s+/g, ' ')
      // eslint-disable-next-line no-control-regex -- control characters are what is refused
      .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]+/g, '-')
      .replace(/^[\s.-]+|[\s.]+$/g, '')
  );
}

/** At most `chars` characters (never half an emoji) and `bytes` bytes of UTF-8, ends cleaned. */
function cut(text: string, chars: number, bytes: number): string {
  const kept: string[] = [];
  let size = 0;
  for (const ch of Array.from(text).slice(0, Math.max(0, chars))) {
    size += new TextEncoder().encode(ch).length;
    if (size > bytes) break;
    kept.push(ch);
  }
  return kept.join('').replace(/[\s.–-]+$/, '');
}

const utf8 = (text: string) => new TextEncoder().encode(text).length;

/** The name for a file of `what` from the session titled `session`, safe on every system. */
export function fileNameFor({ session, what, ext, fallback = 'export' }: FileNameParts): string {
  const extension = clean(ext).replace(/[.\s]/g, '') || 'txt';
  const tail = `.${extension}`;
  const roomChars = MAX_NAME_CHARS - tail.length;
  const roomBytes = MAX_NAME_BYTES - utf8(tail);
  const thing = cut(clean(what) || fallback, roomChars, roomBytes) || fallback;
  // A title taken from the file's name drops its extension: "ventes_2024 – Q3.csv" (issue 45).
  const title = clean((session ?? '').replace(DATA_EXTENSION, ''));
  let stem = thing;
  // The title gives way first: what the file holds is what tells one download from another.
  if (title && title !== thing.replace(DATA_EXTENSION, '')) {
    const chars = roomChars - Array.from(thing).length - SEPARATOR.length;
    const bytes = roomBytes - utf8(thing) - utf8(SEPARATOR);
    const short = cut(title, chars, bytes);
    if (short) stem = `${short}${SEPARATOR}${thing}`;
  }
  // Windows takes the part before the first dot as the device name ("nul.tar.gz" is refused).
  if (DEVICE.test(stem.split('.')[0]!.trim())) stem = `_${stem}`;
  return `${stem}${tail}`;
}
