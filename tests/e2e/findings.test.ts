/**
 * Findings a person can check: each query card carries its id, the answer's figures
 * cite those ids as links to their cards (an id with no query is shown unverified), and the
 * turn ends with follow-up questions that ask themselves when clicked — all back after a reload.
 */
import { describe, expect, it } from 'vitest';
import { ask, configure, messageRequests, mock, turnEnded, openScripted } from './agent.ts';
import { useBrowser } from './browser.ts';
import { sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

const SUGGESTIONS = [
  'Which month is wettest in each city?',
  'How often does it snow?',
  'Is wind stronger in winter?',
];

const script = [
  {
    reply: {
      tools: [
        {
          name: 'sql_query',
          input: {
            query:
              'SELECT location, round(sum(precipitation)) AS mm FROM data GROUP BY location ORDER BY location',
            description: 'Rain by city',
          },
        },
      ],
    },
  },
  {
    reply: {
      tools: [
        {
          name: 'output_text',
          input: {
            text: 'New York had 4,179 mm and Seattle 4,426 mm [Q1]; snow fell on 26 days [Q9].',
          },
        },
        { name: 'finalize', input: { session_title: null, suggestions: SUGGESTIONS } },
      ],
    },
  },
  // Told that 26 cites no query of the session, it lets the answer stand.
  { reply: { text: 'The snow figure stands as written.' } },
];

describe('findings that can be checked', () => {
  it('cites query cards, flags an unknown id, and offers follow-up questions', async () => {
    const { page, errors } = await openScripted(browser(), script);
    expect(await ask(page, 'Which city is wetter?')).toBe('done');

    // The model was given the id with the result, and told of the figure citing no query.
    const [, second, third] = await messageRequests();
    expect(JSON.stringify(second!.body.messages)).toContain('Query Q1');
    expect(JSON.stringify(third!.body.messages.at(-1))).toContain(
      '26 cites Q9, which is no query of this session',
    );
    expect(JSON.stringify(third!.body.messages.at(-1))).not.toContain('4,426 is not');

    const checkShown = async () => {
      expect(await page.locator('[data-testid="query-id"]').allInnerTexts()).toEqual(['Q1']);
      const cites = page.locator('[data-testid="citation"]');
      expect(
        await cites.evaluateAll((els) =>
          els.map((e) => [e.getAttribute('data-query'), e.getAttribute('data-verified')]),
        ),
      ).toEqual([
        ['Q1', 'true'],
        ['Q9', 'false'],
      ]);
      expect(await page.locator('[data-testid="suggestion"]').allInnerTexts()).toEqual(SUGGESTIONS);
    };
    await checkShown();

    await page.reload();
    await sessionsReady(page, 1);
    await page.waitForSelector('[data-testid="citation"]');
    await checkShown();

    // A citation leads to its card; an unverified one leads nowhere.
    await page.click('[data-testid="citation"][data-query="Q1"]');
    await page.waitForSelector('#query-Q1[data-highlighted="true"]');
    await page.click('[data-testid="citation"][data-query="Q9"]');
    expect(await page.locator('[data-highlighted="true"]').count()).toBeLessThanOrEqual(1);

    // A suggestion is asked as the next question.
    await mock().reset();
    await configure(page);
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: 'It snowed on 26 days.' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    await page.click(`[data-testid="suggestion"]:has-text("${SUGGESTIONS[1]}")`);
    expect(await turnEnded(page, 2)).toBe('done');
    const [asked] = await messageRequests();
    const last = asked!.body.messages.at(-1)!;
    expect(last.content.at(-1)).toMatchObject({ type: 'text', text: SUGGESTIONS[1] });
    // The new turn offered none, and the old turn's buttons are gone.
    expect(await page.locator('[data-testid="suggestion"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
