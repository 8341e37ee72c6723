/**
 * A session's log (session-log.svelte.ts) and the log shown (shown-log.svelte.ts): what is
 * recorded is shown and told to whoever listens, a follower's log is shown and told to no one,
 * and a log left behind takes nothing — a turn of the session left cannot reach the one shown.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { emptyConversation } from '../../src/core/model/conversation.ts';
import { SessionLog } from '../../src/state/session-log.svelte.ts';
import { createSession, type ScopeDeps } from '../../src/state/session-scope.svelte.ts';
import { FakeEngine } from '../helpers/fake-engine.ts';
import { tid } from '../helpers/ids.ts';

const turnId = tid('t1');
const start: AgentEvent = {
  type: 'turn_start',
  turnId,
  kind: 'question',
  question: 'Which month is wettest?',
  model: 'm',
  at: 1,
};
const answer: AgentEvent = { type: 'text', turnId, callId: 'c1', text: 'November.' };
const draft: AgentEvent = { type: 'answer_draft', turnId, callId: 'c1', text: 'Nov' };
const done: AgentEvent = { type: 'done', turnId, state: 'done', at: 2 };

function listening(log: SessionLog) {
  const heard: string[] = [];
  log.listen({
    event: (e) => heard.push(`event ${e.type}`),
    transient: (e) => heard.push(`transient ${e.type}`),
    history: (c) => heard.push(`history ${c.messages.length}`),
  });
  return heard;
}

describe('a session log', () => {
  it('shows what is recorded, keeps the durable events in order, and tells its listeners', () => {
    const log = new SessionLog('writer');
    const heard = listening(log);
    for (const e of [start, draft, answer, done]) log.record(e);
    const history = {
      ...emptyConversation(),
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'q' }] }],
    };
    log.recordHistory(history);
    expect(log.view.turns).toHaveLength(1);
    expect(log.view.turns[0]!.question).toBe('Which month is wettest?');
    expect(log.events.map((e) => e.type)).toEqual(['turn_start', 'text', 'done']);
    expect(log.conversation).toBe(history);
    expect(heard).toEqual([
      'event turn_start',
      'transient answer_draft',
      'event text',
      'event done',
      'history 1',
    ]);
    expect(log.readOnly).toBe(false);
  });

  it('shows what another tab recorded without telling anyone: storage has it already', () => {
    const log = new SessionLog('follower', [start]);
    const heard = listening(log);
    log.follow(draft);
    log.follow(answer);
    expect(log.readOnly).toBe(true);
    expect(log.events.map((e) => e.type)).toEqual(['turn_start', 'text']);
    expect(log.view.turns[0]!.items.some((i) => i.type === 'text')).toBe(true);
    expect(heard).toEqual([]);
  });

  it('takes nothing once closed, and tells no one', () => {
    const log = new SessionLog('writer', [start]);
    const heard = listening(log);
    log.close();
    log.record(answer);
    log.recordHistory(emptyConversation());
    log.follow(done);
    expect(log.events).toEqual([start]);
    expect(heard).toEqual([]);
  });
});

describe("a session's scope", () => {
  it('closes its log when disposed of, so a turn still ending there changes nothing shown', () => {
    // Only what building a scope touches: the analyst and the boxes keep their parts unused.
    const deps = { engine: new FakeEngine(), chartImage: null } as unknown as ScopeDeps;
    const first = new SessionLog('writer', [start]);
    const scope = createSession(first, deps);
    // A turn holds the log it was asked in, as the analyst does.
    const turnLog = scope.analyst.view === first.view ? first : null;
    scope.dispose();
    const next = createSession(new SessionLog('follower'), deps);
    turnLog?.record(answer);
    expect(turnLog).toBe(first);
    expect(first.closed).toBe(true);
    expect(next.analyst.readOnly).toBe(true);
    expect(next.log.events).toEqual([]);
    expect(first.events).toEqual([start]);
  });
});
