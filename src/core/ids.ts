/**
 * Branded ids: a session's id, a stored file's, a turn's and a query's are all strings, and a
 * function that wants one cannot be handed another by mistake. Ids that come back in (storage,
 * other tabs, archives) get their brand from the schemas that check them.
 */
import { z } from 'zod';

export const sessionId = z.string().brand<'SessionId'>();
export const fileId = z.string().brand<'FileId'>();
export const turnId = z.string().brand<'TurnId'>();
/** `Q1`, `Q2`, … in the order a session ran its queries; the model cites them. */
export const queryId = z.string().brand<'QueryId'>();

export type SessionId = z.infer<typeof sessionId>;
export type FileId = z.infer<typeof fileId>;
export type TurnId = z.infer<typeof turnId>;
export type QueryId = z.infer<typeof queryId>;

/** The turn of events that belong to none (a placeholder, an empty snapshot). */
export const NO_TURN = '' as TurnId;

export const newSessionId = (): SessionId => crypto.randomUUID() as SessionId;
export const newFileId = (): FileId => crypto.randomUUID() as FileId;
export const newTurnId = (): TurnId => crypto.randomUUID() as TurnId;
export const queryIdOf = (n: number): QueryId => `Q${n}` as QueryId;
