/**
 * ask_user: when a question can be read in different ways, Claude asks instead of guessing. The
 * turn pauses on a question card; the person's answer continues the same turn as the call's
 * result; Stop while it waits ends the turn with a valid history; a reload while it waits keeps
 * the question, and answering it later goes to Claude as the next question.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { openSessionStore } from '../../src/adapters/session-store.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { expectValid, lastUser, resultsOf, turn } from '../helpers/agent-turn.ts';
import { ScriptedModel, type ScriptStep } from '../helpers/scripted-model.ts';
import { memoryPreferences, testPlatform, until as waitFor } from '../helpers/test-platform.ts';

/** The turn runs through storage and a scripted model: give it two seconds. */
const until = (done: () => boolean) => waitFor(done, 2_000);

const asking: ScriptStep = {
  text: 'Revenue could be gross or net here.',
  tools: [
    {
      name: 'ask_user',
      input: { question: 'Which revenue do you mean?', options: ['Gross', 'Net of refunds'] },
    },
  ],
};
const answering: ScriptStep = {
  tools: [
    { name: 'output_text', input: { text: 'Net revenue peaked in November.' } },
    { name: 'finalize', input: { session_title: null } },
  ],
};

describe('ask_user in the loop', () => {
  it('pauses the turn on the question and continues it with the answer as the result', async () => {
    let requestsWhenAsked = -1;
    let run: Awaited<ReturnType<typeof turn>> | null = null;
    const shownBeforeAnswer: string[] = [];
    run = await turn([asking, answering], {
      onEvent: (e) => {
        if (e.type === 'question') shownBeforeAnswer.push(e.question);
      },
      ask: async ({ question, options }) => {
        // The turn waits here: Claude has not been called again.
        requestsWhenAsked = run?.model.requests.length ?? 1;
        expect(question).toBe('Which revenue do you mean?');
        expect(options).toEqual(['Gross', 'Net of refunds']);
        return 'Net of refunds';
      },
    });
    expect(requestsWhenAsked).toBe(1);
    expect(shownBeforeAnswer).toEqual(['Which revenue do you mean?']);
    expect(run.state).toBe('done');
    const [result] = resultsOf(run.model.requests[1]!);
    expect(result!.content).toBe('The person answered: Net of refunds');
    expect(result!.is_error).toBeUndefined();
    expectValid(run.model.requests);
    const items = reduceAll(run.events).turns[0]!.items;
    expect(items[0]).toMatchObject({
      type: 'ask',
      question: 'Which revenue do you mean?',
      options: ['Gross', 'Net of refunds'],
      answer: 'Net of refunds',
    });
    expect(items[1]).toMatchObject({ type: 'text', text: 'Net revenue peaked in November.' });
  });

  it('ends the turn as stopped when Stop comes while it waits, with a history the API accepts', async () => {
    const controller = new AbortController();
    const run = await turn([asking, answering], {
      signal: controller.signal,
      ask: (_q, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('stopped')));
          controller.abort();
        }),
    });
    expect(run.state).toBe('stopped');
    expect(run.model.requests).toHaveLength(1);
    const view = reduceAll(run.events);
    expect(view.turns[0]!.items[0]).toMatchObject({ type: 'ask', answer: null });
    // The next question is sent after a tool result for the unanswered call.
    const next = await turn([answering], { conversation: run.conversation });
    expectValid(next.model.requests);
    const results = resultsOf(next.model.requests[0]!);
    expect(results[0]!.content).toBe('The person stopped the turn before answering.');
  });

  it('tells Claude to assume and go on where no one can answer', async () => {
    const run = await turn([asking, answering]);
    const [result] = resultsOf(run.model.requests[1]!);
    expect(result!.is_error).toBe(true);
    expect(result!.content).toContain('Make a reasonable interpretation');
  });
});

/** The app's platform with Claude scripted and a key already remembered. */
const scriptedPlatform = (model: ScriptedModel, factory: IDBFactory) =>
  testPlatform({ model, factory, preferences: memoryPreferences([['sift.apiKey', 'sk-test']]) })
    .platform;

describe('ask_user on the page', () => {
  it('keeps an unanswered question through a reload; answering it then asks Claude anew', async () => {
    const factory = new IDBFactory();
    const first = createApp(scriptedPlatform(new ScriptedModel([asking, { hang: true }]), factory));
    await until(() => first.sessions.started);
    await first.intake.takeSample();
    await until(() => first.sessions.active.id !== null);
    void first.scope.analyst.ask('What was revenue by month?');
    await until(() => first.scope.analyst.waiting.callId !== null);
    const callId = first.scope.analyst.waiting.callId!;
    // What the page showed is stored as it happens: the question is in storage before the reload.
    const store = await openSessionStore({ name: 'sift', factory });
    const id = first.sessions.active.id!;
    let stored: string[] = [];
    for (let i = 0; i < 200 && !stored.includes('question'); i++) {
      stored = (await store.events(id)).map((e) => e.type);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(stored).toContain('question');
    store.close();

    // The page reloads while the turn waits: a new app on the same storage reopens the session.
    const model = new ScriptedModel([answering]);
    const second = createApp(scriptedPlatform(model, factory));
    await until(() => second.sessions.active.id === first.sessions.active.id);
    const card = () => second.scope.analyst.view.turns[0]!.items.find((i) => i.id === callId);
    expect(card()).toMatchObject({ type: 'ask', answer: null });
    expect(second.scope.analyst.view.turns[0]!.state).toBe('interrupted');

    second.scope.analyst.answer(callId, 'Net of refunds');
    await until(
      () => second.scope.analyst.view.turns.length === 2 && !second.scope.analyst.running,
    );
    expect(card()).toMatchObject({ answer: 'Net of refunds' });
    expect(second.scope.analyst.view.turns[1]!.question).toBe(
      'Answer to your question “Which revenue do you mean?”: Net of refunds',
    );
    expectValid(model.requests);
    expect(JSON.stringify(lastUser(model.requests[0]!))).toContain('Net of refunds');
  });
});
