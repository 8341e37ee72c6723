/**
 * A whole session as one file, to move it to another browser. The layout is a plain container so
 * neither side ever holds the data files in memory (they can be hundreds of MB):
 *
 *   SIFT-SESSION 1\n          magic line with the container version (ASCII)
 *   000000012345\n            the manifest's length in bytes, 12 decimal digits
 *   {...manifest JSON...}     UTF-8: session, table list, events, history
 *   file bytes...             each table's file, concatenated in the manifest's order
 *
 * Writing is `new Blob([...parts])`, which references the files rather than copying them; reading
 * slices the blob and only ever reads the header and the manifest. The API key is never part of
 * an export (see findKey).
 */
import { z } from 'zod';
import { dateOrderChoice, type DateOrderChoice } from '../data/date-order.ts';
import { textEncodingName, type TextEncodingName } from '../data/encodings.ts';
import type { Conversation } from '../model/conversation.ts';
import { agentEvent, type AgentEvent } from '../events/events.ts';
import { checkHistory, conversation } from '../model/messages-schema.ts';
import type { TitleSource } from './records.ts';

export const ARCHIVE_VERSION = 1;
export const ARCHIVE_TYPE = 'application/x-sift-session';
const MAGIC = 'SIFT-SESSION ';
const LENGTH_DIGITS = 12;
/** Enough of the start to read the magic line (with a future, longer version) and the length. */
const HEAD_BYTES = 64;

/** A refused import or export, with a message meant for the person who picked the file. */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
}

const controlChar = /\p{Cc}/u;

const archiveTable = z.object({
  name: z
    .string()
    .min(1)
    .max(128)
    .refine((s) => !controlChar.test(s), 'a table name cannot contain control characters'),
  fileName: z.string().min(1).max(255),
  type: z.string(),
  bytes: z.number().int().nonnegative(),
  /** The workbook's sheet the table is read from (Excel). */
  sheet: z.string().max(255).optional(),
  /** The encoding the person chose for a text file ("Read as…"). */
  encoding: textEncodingName.optional(),
  /** The person kept numbers and dates in local formats as written. */
  asWritten: z.literal(true).optional(),
  /** The order the person chose for dates no value settles. */
  dates: dateOrderChoice.optional(),
});

export const archiveManifest = z.object({
  format: z.literal('sift-session'),
  version: z.literal(ARCHIVE_VERSION),
  exportedAt: z.number(),
  session: z.object({
    title: z.string(),
    titleSource: z.enum(['file', 'model', 'person']),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
  tables: z.array(archiveTable).superRefine((tables, ctx) => {
    // DuckDB compares identifiers without regard to case, so `Sales` and `sales` collide.
    const seen = new Set<string>();
    for (const [i, t] of tables.entries()) {
      const key = t.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'name'],
          message: `two tables are named "${t.name}"`,
        });
      seen.add(key);
    }
  }),
  events: z.array(agentEvent),
  history: conversation,
});

export type ArchiveManifest = z.infer<typeof archiveManifest>;

// The stored record's title sources and the format's must stay one set; this fails to compile
// when they differ.
type Assert<T extends true> = T;
type ArchivedSource = ArchiveManifest['session']['titleSource'];
export type TitleSourcesMatch = Assert<
  [TitleSource] extends [ArchivedSource]
    ? [ArchivedSource] extends [TitleSource]
      ? true
      : false
    : false
>;

export interface ArchiveInput {
  session: ArchiveManifest['session'];
  tables: {
    name: string;
    file: File;
    sheet?: string;
    encoding?: TextEncodingName;
    asWritten?: true;
    dates?: DateOrderChoice;
  }[];
  events: AgentEvent[];
  history: Conversation;
  exportedAt?: number;
}

export interface ReadArchive {
  manifest: ArchiveManifest;
  /** One file per entry of `manifest.tables`, in the same order, with its name and type. */
  files: File[];
}

/**
 * The session as one file. Throws an ArchiveError rather than write a file that readArchive would
 * refuse (an invalid event, duplicate table names, a history the API would reject): a history with
 * an unanswered tool call — a turn still running — must be closed (closeOpenToolUses) first.
 */
export function buildArchive(input: ArchiveInput): Blob {
  const { title, titleSource, createdAt, updatedAt } = input.session;
  const manifest: ArchiveManifest = {
    format: 'sift-session',
    version: ARCHIVE_VERSION,
    exportedAt: input.exportedAt ?? Date.now(),
    // Picked field by field, so passing a whole SessionMeta adds nothing else to the file.
    session: { title, titleSource, createdAt, updatedAt },
    tables: input.tables.map(({ name, file, sheet, encoding, asWritten, dates }) => ({
      ...(sheet === undefined ? {} : { sheet }),
      ...(encoding === undefined ? {} : { encoding }),
      ...(asWritten ? { asWritten } : {}),
      ...(dates ? { dates } : {}),
      name,
      fileName: file.name || name,
      type: file.type,
      bytes: file.size,
    })),
    events: input.events,
    history: input.history,
  };
  const key = findKey(manifest, '');
  if (key !== null)
    throw new ArchiveError(
      `This session cannot be exported: ${key || 'it'} contains what looks like an Anthropic API key, and keys never leave this browser in an export.`,
    );
  const problem = checkManifest(manifest);
  if (problem) throw new ArchiveError(`This session cannot be exported: ${problem}`);
  const json = new TextEncoder().encode(JSON.stringify(manifest));
  const header = `${MAGIC}${ARCHIVE_VERSION}\n${String(json.length).padStart(LENGTH_DIGITS, '0')}\n`;
  return new Blob([header, json, ...input.tables.map((t) => t.file)], { type: ARCHIVE_TYPE });
}

/** Reads an archive back, checking everything it can before any of it is used. */
export async function readArchive(blob: Blob): Promise<ReadArchive> {
  if (blob.size === 0) throw new ArchiveError('The file is empty.');
  const start = await readHeader(blob);
  const end = start.manifestStart + start.manifestBytes;
  if (end > blob.size)
    throw new ArchiveError(
      `${DAMAGED} it ends inside the session description, at least ${bytes(end - blob.size)} short. ${AGAIN}`,
    );
  const raw = await parseJson(blob.slice(start.manifestStart, end));
  const version = (raw as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > ARCHIVE_VERSION) throw newer(version);
  const parsed = archiveManifest.safeParse(raw);
  if (!parsed.success) throw new ArchiveError(`${INVALID}\n${summarise(parsed.error.issues)}`);
  const manifest = parsed.data;
  const expected = manifest.tables.reduce((sum, t) => sum + t.bytes, 0);
  const actual = blob.size - end;
  if (actual < expected)
    throw new ArchiveError(
      `${DAMAGED} it is truncated, with ${bytes(expected - actual)} of its data files missing. ${AGAIN}`,
    );
  if (actual > expected)
    throw new ArchiveError(
      `${DAMAGED} it has ${bytes(actual - expected)} more than its data files.`,
    );
  const reason = checkHistory(manifest.history);
  if (reason) throw new ArchiveError(`The session's history is inconsistent: ${reason}.`);
  let at = end;
  const files = manifest.tables.map((t) => {
    const file = new File([blob.slice(at, at + t.bytes)], t.fileName, { type: t.type });
    at += t.bytes;
    return file;
  });
  return { manifest, files };
}

const DAMAGED = 'This session file is damaged:';
const AGAIN = 'It was probably cut off while downloading or copying; export it again.';
const INVALID = "This session file's contents do not check out:";

const bytes = (n: number) => `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;

const newer = (version: number) =>
  new ArchiveError(
    `This session was exported by a newer version of Sift (format ${version}; this Sift reads format ${ARCHIVE_VERSION}). Update Sift to open it.`,
  );

async function readHeader(blob: Blob): Promise<{ manifestStart: number; manifestBytes: number }> {
  const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
  // One character per byte, so positions in the text are byte offsets; decoding as UTF-8 would
  // shift them at a multi-byte character or a damaged byte.
  const text = String.fromCharCode(...head);
  const whole = head.length === blob.size;
  if (!text.startsWith(MAGIC)) {
    if (whole && MAGIC.startsWith(text))
      throw new ArchiveError(`${DAMAGED} it ends inside its header. ${AGAIN}`);
    const name = blob instanceof File && blob.name ? ` "${blob.name}"` : '';
    throw new ArchiveError(
      `The file${name} is not a Sift session file. A data file such as a CSV is added to a session as data, not imported as one.`,
    );
  }
  const line = /^SIFT-SESSION (\d{1,9})\n/.exec(text);
  if (!line) {
    if (whole && /^SIFT-SESSION \d*$/.test(text))
      throw new ArchiveError(`${DAMAGED} it ends inside its header. ${AGAIN}`);
    throw new ArchiveError(`${DAMAGED} its header is unreadable.`);
  }
  const version = Number(line[1]);
  if (version > ARCHIVE_VERSION) throw newer(version);
  if (version !== ARCHIVE_VERSION) throw new ArchiveError(`${DAMAGED} its header is unreadable.`);
  const lengthLine = text.slice(line[0].length, line[0].length + LENGTH_DIGITS + 1);
  if (!new RegExp(`^\\d{${LENGTH_DIGITS}}\\n$`).test(lengthLine)) {
    if (whole && /^\d*$/.test(lengthLine))
      throw new ArchiveError(`${DAMAGED} it ends inside its header. ${AGAIN}`);
    throw new ArchiveError(`${DAMAGED} the length of its session description is unreadable.`);
  }
  return {
    manifestStart: line[0].length + lengthLine.length,
    manifestBytes: Number(lengthLine.slice(0, LENGTH_DIGITS)),
  };
}

async function parseJson(slice: Blob): Promise<unknown> {
  let text: string;
  try {
    // Fatal, unlike Blob.text(): a damaged byte must fail here, not become U+FFFD in a string.
    text = new TextDecoder('utf-8', { fatal: true }).decode(await slice.arrayBuffer());
  } catch {
    throw new ArchiveError(`${DAMAGED} its session description is not valid UTF-8 text.`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? ` (${e.message})` : '';
    throw new ArchiveError(`${DAMAGED} its session description is not valid JSON${why}.`);
  }
}

/** The same checks readArchive makes, for the export side; null when the manifest passes. */
function checkManifest(manifest: ArchiveManifest): string | null {
  const parsed = archiveManifest.safeParse(manifest);
  if (!parsed.success) return `its contents do not check out:\n${summarise(parsed.error.issues)}`;
  const reason = checkHistory(manifest.history);
  return reason ? `its history is inconsistent: ${reason}.` : null;
}

/** Zod's issues as at most three short lines with their paths, not a dump of all of them. */
function summarise(issues: z.ZodError['issues']): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const message = issue.message.replace(
      /^Invalid input: expected \S+, received undefined$/,
      'missing',
    );
    const line = `${pathText(issue.path)}: ${message}`;
    return line.length > 100 ? `${line.slice(0, 99)}…` : line;
  });
  const more = issues.length - shown.length;
  if (more > 0) shown[shown.length - 1] += ` (and ${more} more problem${more === 1 ? '' : 's'})`;
  return shown.join('\n');
}

const pathText = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${String(k)}` : String(k)),
    '',
  ) || 'the file';

/**
 * Where a string that looks like an Anthropic API key sits in the value ('' for the value itself),
 * or null. The key is kept only in this browser, while an export is made to be handed to others,
 * so it must never travel in one. Nothing puts it in events or history today; this guards against
 * that changing, such as an error message or a tool input that quotes it.
 */
function findKey(value: unknown, path: string): string | null {
  if (typeof value === 'string') return /sk-ant-[\w-]{6,}/.test(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    if (findKey(k, at) !== null) return at;
    const found = findKey(v, at);
    if (found !== null) return found;
  }
  return null;
}
