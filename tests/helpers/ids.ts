/** Ids and records written as literals in tests, typed as the code that takes them expects. */
import type { FileId, QueryId, SessionId, TurnId } from '../../src/core/ids.ts';
import type { SessionMeta } from '../../src/core/session/records.ts';

export const sid = (id: string) => id as SessionId;
export const fid = (id: string) => id as FileId;
export const tid = (id: string) => id as TurnId;
export const qid = (id: string) => id as QueryId;

/** A new session's record, as the page creates one, with `more` in place of its defaults. */
export function sessionMetaOf(id: string, more: Partial<SessionMeta> = {}): SessionMeta {
  return {
    id: sid(id),
    title: `Session ${id}`,
    titleSource: 'file',
    createdAt: 1,
    updatedAt: 1,
    tables: [],
    bytes: { files: 0, events: 0, history: 0 },
    eventCount: 0,
    ...more,
  };
}
