/**
 * Export and import of a session as one file (the format is core/session/archive.ts). The export
 * is built from what this tab holds, so it works even when storage does not; the API key is not
 * part of any of it.
 */
import { closeOpenToolUses } from '../core/model/conversation.ts';
import { errorMessage } from '../core/errors.ts';
import { fileNameFor } from '../core/file-name.ts';
import { buildArchive, readArchive, type ArchiveManifest } from '../core/session/archive.ts';
import type { SessionMeta } from '../core/session/records.ts';
import type { OpenSession } from './open-session.svelte.ts';
import type { SessionContent, Sessions } from './sessions.svelte.ts';
import { newFileId, newSessionId } from '../core/ids.ts';

export interface ExportedSession {
  blob: Blob;
  fileName: string;
}

/** The open session as one file: what it is, its files, and its log. */
export function exportSession(session: OpenSession): ExportedSession {
  const { meta, files, log } = session;
  if (!meta) throw new Error('There is no session to export yet: load a file first.');
  const history = log.conversation;
  const blob = buildArchive({
    session: {
      title: meta.title,
      titleSource: meta.titleSource,
      createdAt: meta.createdAt,
      updatedAt: meta.updatedAt,
    },
    tables: meta.tables
      .filter((t) => files.has(t.name))
      .map((t) => ({
        name: t.name,
        file: files.get(t.name)!,
        sheet: t.sheet,
        encoding: t.encoding,
        asWritten: t.asWritten,
        dates: t.dates,
      })),
    events: [...log.events],
    // A running turn's last reply may still wait for its results.
    history: { ...history, messages: closeOpenToolUses(history.messages, 'Not run.') },
  });
  return { blob, fileName: fileNameFor({ session: meta.title, what: 'session', ext: 'sift' }) };
}

/**
 * What tells one export file from another: the session's creation time, its title, how many
 * events it holds and when the last happened, and its files' names and sizes. The same file read
 * twice gives the same key; the session exported again after one more question does not.
 */
function importKey(manifest: ArchiveManifest, sizes: number[]): string {
  const last = manifest.events.at(-1);
  const lastAt = last && 'at' in last ? String(last.at) : '';
  const tables = manifest.tables.map((t, i) => `${t.fileName}:${sizes[i] ?? 0}`).join(',');
  const { createdAt, title } = manifest.session;
  return JSON.stringify([createdAt, title, manifest.events.length, lastAt, tables]);
}

/** Reads an export file into a new session, with the key that tells a second import of it. */
export async function readSessionFile(file: File): Promise<SessionContent> {
  const { manifest, files } = await readArchive(file);
  const id = newSessionId();
  const tables = manifest.tables.map((t, i) => ({
    name: t.name,
    fileId: newFileId(),
    fileName: t.fileName,
    fileBytes: files[i]!.size,
    ...(t.sheet === undefined ? {} : { sheet: t.sheet }),
    ...(t.encoding === undefined ? {} : { encoding: t.encoding }),
    ...(t.asWritten ? { asWritten: t.asWritten } : {}),
    ...(t.dates ? { dates: t.dates } : {}),
  }));
  const meta: SessionMeta = {
    id,
    title: manifest.session.title,
    titleSource: manifest.session.titleSource,
    createdAt: manifest.session.createdAt,
    updatedAt: Date.now(),
    tables,
    bytes: { files: 0, events: 0, history: 0 },
    eventCount: manifest.events.length,
    importedFrom: importKey(
      manifest,
      files.map((f) => f.size),
    ),
  };
  return {
    meta,
    events: manifest.events,
    history: manifest.history,
    live: undefined,
    files: new Map(tables.map((t, i) => [t.name, files[i]!])),
  };
}

export async function importSession(sessions: Sessions, file: File): Promise<void> {
  let content: SessionContent;
  try {
    content = await readSessionFile(file);
  } catch (e) {
    sessions.status.notice = `Not imported: ${errorMessage(e)}`;
    return;
  }
  // The same file again: its session is opened, not copied (issue 33).
  const already = content.meta.importedFrom && sessions.importedFrom(content.meta.importedFrom);
  if (already) {
    await sessions.open(already.id);
    sessions.status.notice = `“${already.title}” was imported from this file before: it is open now, not copied.`;
    return;
  }
  try {
    await sessions.adopt(content);
    sessions.status.notice = `Imported “${content.meta.title}”.`;
  } catch (e) {
    sessions.status.notice = `The session was read but could not be stored: ${errorMessage(e)}`;
  }
}
