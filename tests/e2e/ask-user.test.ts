/**
 * Claude asks when a question can be read two ways: the turn pauses on a question card, a click
 * on an option continues the same turn, and the next request to the Messages API carries the
 * person's answer as the ask_user call's result.
 */
import { describe, expect, it } from 'vitest';
import {
  ask,
  messageRequests,
  shownItems,
  toolResults,
  turnEnded,
  useScriptedApp,
} from './agent.ts';
import { useBrowser } from './browser.ts';

const browser = useBrowser();
/**
 * The sample in a new session, Claude configured and scripted: one page for both tests, which
 * each start so (useScriptedApp): 2 boots of DuckDB become 1; the file took 5.6 s, 5.4 s so (3.7
 * to 5.9 s shuffled, on a shared 2-core machine). Each asks in a new session, its turn the first.
 */
const scripted = useScriptedApp(browser);

const script = [
  {
    reply: {
      tools: [
        {
          name: 'ask_user',
          input: {
            question: 'Which temperature do you mean?',
            options: ['Daily maximum', 'Daily minimum'],
          },
        },
      ],
    },
  },
  {
    reply: {
      tools: [
        {
          name: 'sql_query',
          input: {
            query: 'SELECT round(avg(temp_max), 1) AS t FROM data',
            description: 'Mean daily maximum',
          },
        },
      ],
    },
  },
  {
    reply: {
      tools: [
        { name: 'output_text', input: { text: 'The mean daily maximum is 16.8 °C [Q1].' } },
        { name: 'finalize', input: { session_title: null } },
      ],
    },
  },
];

describe('ask_user', () => {
  it('pauses on a question card; a click on an option continues the turn with that answer', async () => {
    const { page, errors } = await scripted(script);
    expect(await ask(page, 'What is the typical temperature?', { wait: false })).toBe('running');

    const card = page.locator('[data-testid="ask-card"]');
    await card.waitFor();
    expect(await card.getAttribute('data-waiting')).toBe('true');
    expect(await card.locator('.question').innerText()).toBe('Which temperature do you mean?');
    expect(await page.locator('[data-testid="ask-option"]').allInnerTexts()).toEqual([
      'Daily maximum',
      'Daily minimum',
    ]);
    // The turn waits: Claude has been called once.
    expect(await messageRequests()).toHaveLength(1);

    await page.locator('[data-testid="ask-option"]', { hasText: 'Daily maximum' }).click();
    expect(await turnEnded(page, 1)).toBe('done');

    const requests = await messageRequests();
    expect(requests).toHaveLength(3);
    const [answer] = toolResults(requests[1]!);
    expect(answer).toMatchObject({ content: 'The person answered: Daily maximum' });
    expect(await card.getAttribute('data-answered')).toBe('true');
    expect(await card.innerText()).toContain('You answered Daily maximum');
    const items = await shownItems(page);
    expect(items.map((i) => i.type)).toEqual(['ask', 'query_result', 'text']);
    expect(errors).toEqual([]);
  });

  it('takes an answer in the person’s own words', async () => {
    const { page } = await scripted(script);
    await ask(page, 'What is the typical temperature?', { wait: false });
    await page.locator('[data-testid="ask-answer"]').fill('the average of max and min');
    await page.click('[data-testid="ask-send"]');
    expect(await turnEnded(page, 1)).toBe('done');
    const [answer] = toolResults((await messageRequests())[1]!);
    expect(answer).toMatchObject({ content: 'The person answered: the average of max and min' });
  });
});
