/**
 * validate_finding in the page with the real SDK against the mock, on DuckDB in the worker: each
 * finding Claude checks gets a card with the verdict the sample gives it, kept after a reload.
 */
import { describe, expect, it } from 'vitest';
import { ask, configure, messageRequests, mock, toolResults } from './agent.ts';
import { useBrowser } from './browser.ts';
import { downloaded } from './app.ts';
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

    // The report carries every card, the weak one too, with its figures, in both files.
    await mock().reset();
    await configure(page);
    await mock().script([{ reply: { text: '# Rain\n\nSeattle has rain on more days.' } }]);
    await page.click('[data-testid="generate-report"]');
    await page.waitForSelector('[data-testid="report"][data-state="done"]');
    const html = (
      await downloaded(page, page.locator('[data-testid="export-report-html"]'))
    ).toString();
    const viewer = await page.context().newPage();
    await viewer.setContent(html);
    const findings = viewer.locator('.finding');
    expect(
      await findings.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict'))),
    ).toEqual(['holds', 'weak', 'contradicted']);
    expect(await findings.nth(1).innerText()).toContain(
      'Weak: Seattle gets more rain per day than New York',
    );
    expect(await findings.nth(1).innerText()).toContain('95% CI -0.389 to 0.728 mm');
    await viewer.close();
    const md = (
      await downloaded(page, page.locator('[data-testid="export-report-md"]'))
    ).toString();
    expect(md).toContain('## Findings checked against the data');
    expect(md).toContain('- **Weak: Seattle gets more rain per day than New York**');
    expect(md).toContain('- **Contradicted: New York has rain on more days than Seattle**');
    expect(errors).toEqual([]);
  });
});
