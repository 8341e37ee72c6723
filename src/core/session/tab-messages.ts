/**
 * What tabs on the same sessions tell each other over a BroadcastChannel: the writer's events as
 * they happen (so a follower shows the turn live), changes to the session list, and a follower's
 * reads of the writer's tables. Only pages of
 * the same origin can post on the channel, but one may run an older or newer Sift: every message
 * is checked before use, and one that does not fit is ignored.
 */
import { z } from 'zod';
import { agentEvent } from '../events/events.ts';
import { sessionId } from '../ids.ts';
import { engineMessages } from './engine-messages.ts';

export const tabMessage = z.discriminatedUnion('type', [
  /** `seq` is the event's position in the stored session; null for a streaming event. */
  z.object({
    type: z.literal('event'),
    sessionId,
    seq: z.number().int().nonnegative().nullable(),
    event: agentEvent,
  }),
  /** The session's tables changed: followers read them again. */
  z.object({ type: z.literal('tables'), sessionId }),
  /** Titles, new sessions or deletions: every tab lists sessions again. */
  z.object({ type: z.literal('list'), deleted: sessionId.optional() }),
  /** A follower asking the writer's DuckDB, and the writer's answers (engine-messages.ts). */
  ...engineMessages,
]);

export type TabMessage = z.infer<typeof tabMessage>;
