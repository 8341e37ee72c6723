/**
 * validate_finding in the page with the real SDK against the mock, on DuckDB in the worker: each
 * finding Claude checks gets a card with the verdict the sample gives it, kept after a reload.
 */
import { describe, expect, it } from 'vitest';
import { ask, configure, messageRequests, mock, toolResults } from './agent.ts';
import { useBrowser } from './browser.ts';
import { openWithSample, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

const check = (finding: string, query: string, more: Record<string, string> = {}) => ({
  name: 'validate_finding',
  input: { finding, query, ...more },
});

describe('validate_finding', () => {
  it('shows a card with the verdict for each finding, on the data in the page', async () => {
    const { page, errors } = await openWithSample(browser());
    await mock().reset();
    await configure(page);
    await mock().script([
      {
        reply: {
          tools: [
            check(
              'It rains on more days in Seattle than in New York',
              'SELECT (precipitation > 0)::INT AS value, location AS grp, weather FROM data',
            ),
            check(
              'Seattle gets more rain per day than New York',
              'SELECT precipitation AS value, location AS grp FROM data',
              { higher: 'Seattle', unit: 'mm' },
            ),
            check(
              'New York has rain on more days than Seattle',
              'SELECT (precipitation > 0)::INT AS value, location AS grp FROM data',
              { higher: 'New York' },
            ),
          ],
        },
      },
      {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: { text: 'Seattle has rain on more days; per day the two are alike.' },
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Is Seattle wetter?')).toBe('done');

    const cards = page.locator('[data-testid="item"][data-type="validation"]');
    const shown = async () =>
      cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
    expect(await shown()).toEqual(['holds', 'weak', 'contradicted']);
    // What a person reads on each card: the verdict, the finding, and the figures behind it.
    const badges = page.locator(
      '[data-testid="item"][data-type="validation"] [data-testid="verdict"]',
    );
    expect(await badges.allInnerTexts()).toEqual(['Holds', 'Weak', 'Contradicted']);
    for (const badge of await badges.all()) expect(await badge.isVisible()).toBe(true);
    expect(await cards.nth(0).innerText()).toContain(
      'Seattle 42.6% vs New York 32.2%, from 1,461 and 1,461 rows: the difference is 10.5 points, 95% CI 7.0 to 13.9 points.',
    );
    expect(await cards.nth(1).innerText()).toContain(
      'the difference is 0.169 mm, 95% CI -0.389 to 0.728 mm, which includes no difference at all',
    );
    const third = await cards.nth(2).innerText();
    expect(third).toContain('New York has rain on more days than Seattle');
    expect(third).toContain('Seattle is higher, the opposite of the finding.');
    const [first] = toolResults((await messageRequests())[1]!);
    expect(first!.content).toMatch(/^Verdict: holds\n- Rows \(holds\): 2,922 rows behind/);

    await page.reload();
    await sessionsReady(page, 1);
    await cards.first().waitFor();
    expect(await shown()).toEqual(['holds', 'weak', 'contradicted']);
    expect(errors).toEqual([]);
  });
});
