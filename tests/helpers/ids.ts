/** Ids written as literals in tests, branded as the code that takes them expects. */
import type { FileId, QueryId, SessionId, TurnId } from '../../src/core/ids.ts';

export const sid = (id: string) => id as SessionId;
export const fid = (id: string) => id as FileId;
export const tid = (id: string) => id as TurnId;
export const qid = (id: string) => id as QueryId;
