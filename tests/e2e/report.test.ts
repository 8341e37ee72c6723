/**
 * The report: after a question with a query and a chart, Generate report streams a
 * report from one request without tools that holds the queries and their results; it shows with
 * its chart and citations, survives a reload, and exports as Markdown and as one HTML file that,
 * opened offline in a fresh browser, shows the text, the chart as SVG and the query appendix and
 * makes no request. The report's text is model output: its payloads stay inert here too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weatherQuestion } from '../fixtures/weather-script.ts';
import { downloaded } from './app.ts';
import { ask, messageRequests, mock, useScriptedApp } from './agent.ts';
import { useBrowser } from './browser.ts';
import { startListener, type Listener } from './listener.ts';
import { sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();
/** Both tests start from the sample in a new session, Claude scripted: one page, one boot. */
const scripted = useScriptedApp(browser);
let listener: Listener;

beforeAll(async () => {
  listener = await startListener();
});

afterAll(async () => {
  await listener?.close();
});

const reportText = (origin: string) =>
  [
    '# Seattle rain, 2012–2015',
    '## Executive summary',
    'November is the wettest month in Seattle, with 642.5 mm over four years [Q1].',
    '[[C1]]',
    '## Findings',
    '### Winter is wet',
    'December follows with 622.7 mm [Q1]; a figure from nowhere [Q7].',
    // A misreading of March's 606.2 mm: marked in the page and in both files.
    'March brings 600 mm [Q1].',
    `![leak](${origin}/report-img) <img src="${origin}/report-raw"> [the source](${origin}/report-link)`,
    '## Data quality and caveats',
    'Four years only.',
    '## Suggested next steps',
    '- Compare with New York.',
  ].join('\n\n');

describe('the report', () => {
  it('keeps a question asked after the report in view, with its progress, not the report below it', async () => {
    const { page, errors } = await scripted(weatherQuestion());
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    await mock().reset();
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the findings.`);
    await mock().script([{ reply: { text: ['# Rain', ...long].join('\n\n') } }]);
    await page.click('[data-testid="generate-report"]');
    await page.waitForSelector('[data-testid="report"][data-state="done"]', { timeout: 60_000 });
    await mock().reset();
    await mock().script(weatherQuestion('Q2'));
    expect(await ask(page, 'And which is driest?')).toBe('done');
    // The newest turn ends inside the conversation's view; the report is below, out of it.
    const seen = await page.evaluate(() => {
      const view = document.querySelector('#view-chat')!.getBoundingClientRect();
      const turns = [...document.querySelectorAll('article.turn')];
      const last = turns.at(-1)!.getBoundingClientRect();
      const report = document.querySelector('[data-testid="report"]')!.getBoundingClientRect();
      return {
        turns: turns.length,
        newestInView: last.bottom <= view.bottom + 1 && last.bottom > view.top,
        reportBelow: report.top >= view.bottom - 40,
      };
    });
    expect(seen).toEqual({ turns: 2, newestInView: true, reportBelow: true });
    expect(errors).toEqual([]);
  });

  it('streams from the findings, shows, survives a reload and exports offline files', async () => {
    const { page, errors } = await scripted(weatherQuestion());
    expect(await ask(page, 'Which month is wettest in Seattle?')).toBe('done');
    // The chart was drawn from the query's rows, and says so.
    expect(await page.getAttribute('[data-testid="chart-source"]', 'data-query')).toBe('Q1');
    await page.waitForSelector('[data-testid="report-estimate"]');
    expect(
      Number(await page.getAttribute('[data-testid="report-estimate"]', 'data-tokens')),
    ).toBeGreaterThan(100);

    await mock().reset();
    await mock().script([{ reply: { text: reportText(listener.origin) }, chunkDelayMs: 5 }]);
    listener.requests.length = 0;
    await page.click('[data-testid="generate-report"]');
    await page.waitForSelector('[data-testid="report"][data-state="done"]', { timeout: 60_000 });

    // One request, without tools, holding the queries and their results.
    const [request] = await messageRequests();
    expect(request!.body.tools ?? []).toEqual([]);
    const sent = JSON.stringify(request!.body.messages);
    expect(sent).toContain('Q1 — Seattle precipitation by month');
    expect(sent).toContain('642.5');

    const checkReport = async () => {
      const report = page.locator('[data-testid="report"]');
      expect(await report.innerText()).toContain('November is the wettest month');
      await report.locator('[data-testid="plot"][data-rendered="true"] svg').waitFor();
      const cites = report.locator('[data-testid="citation"]');
      expect(
        await cites.evaluateAll((els) => els.map((e) => e.getAttribute('data-verified'))),
      ).toEqual(['true', 'true', 'false', 'true']);
      expect(
        await report
          .locator('[data-testid="figure"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))),
      ).toEqual(['checked', 'checked', 'mismatch']);
      expect(await report.locator('img').count()).toBe(0);
    };
    await checkReport();
    expect(await page.locator('[data-testid="report-usage"]').innerText()).toMatch(/in · .* out/);

    await page.reload();
    await sessionsReady(page, 1);
    await page.waitForSelector('[data-testid="report"][data-state="done"]');
    await checkReport();

    const md = (
      await downloaded(page, page.locator('[data-testid="export-report-md"]'))
    ).toString();
    expect(md).toContain('# Seattle rain, 2012–2015');
    expect(md).toMatch(
      /_Data: weather\.csv \(table data: 2,922 rows × 7 columns\) · Made with Sift on \d{4}-\d\d-\d\d_/,
    );
    // The figures' checks under the data line; the chart named in the prose, its spec (with its
    // rows) in the appendix; each query with its rows.
    expect(md).toContain(
      '_2 figures checked against the queries they cite · 1 figure not in the cited query._',
    );
    expect(md).toContain('- 600 is not in Q1 — Q1 has 606.2');
    expect(md).toContain('March brings 600 _(not in Q1)_ mm [Q1].');
    expect(md).toContain('(data from Q1; its Vega-Lite spec is in the appendix, _Charts_)');
    expect(md.indexOf('```vega-lite')).toBeGreaterThan(md.indexOf('## Appendix: charts'));
    expect(md).toContain('## Appendix: queries');
    expect(md).toContain('### Q1 — Seattle precipitation by month');
    expect(md).toContain('| 11 | 642.5 |');

    const html = (
      await downloaded(page, page.locator('[data-testid="export-report-html"]'))
    ).toString();
    expect(listener.requests).toEqual([]);

    // Opened in a fresh browser with the network off: everything shows, nothing is asked for.
    const context = await browser().newContext({ offline: true });
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    const viewer = await context.newPage();
    await viewer.setContent(html, { waitUntil: 'load' });
    await viewer.waitForTimeout(300);
    expect(await viewer.locator('h1').innerText()).toBe('Seattle rain, 2012–2015');
    expect(await viewer.locator('figure svg').count()).toBeGreaterThanOrEqual(1);
    expect(await viewer.locator('main p a.citation[href="#Q1"]').count()).toBe(3);
    expect(await viewer.locator('cite.unverified').innerText()).toBe('Q7 (unverified)');
    expect(await viewer.locator('#Q1 pre').innerText()).toContain('SELECT');
    // Each figure as the page marked it, the checks said under the data line, the rows kept.
    expect(
      await viewer
        .locator('main [data-testid="figure"]')
        .evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('data-state')])),
    ).toEqual([
      ['642.5', 'checked'],
      ['622.7', 'checked'],
      ['600', 'mismatch'],
    ]);
    expect(await viewer.locator('main [data-state="mismatch"]').getAttribute('title')).toMatch(
      /^Not in the cited query: 600 is not in Q1 — Q1 has 606\.2/,
    );
    expect(await viewer.locator('[data-testid="report-figures"]').innerText()).toContain(
      '2 figures checked against the queries they cite · 1 figure not in the cited query.',
    );
    expect(await viewer.locator('#Q1 table tbody tr').count()).toBe(12);
    expect(await viewer.locator('figcaption').first().innerText()).toMatch(/\(data: Q1\)$/);
    expect(await viewer.locator('body').innerText()).toContain('[image: leak]');
    // No element that loads or runs anything, and no attribute pointing outside the file.
    expect(
      await viewer.locator('script, img, link, iframe, object, embed, style[src]').count(),
    ).toBe(0);
    expect(
      await viewer.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes]
            .filter((a) => a.name !== 'xmlns' && !a.name.startsWith('xmlns:'))
            .filter((a) => /^\s*(?:https?:|\/\/)|url\(/i.test(a.value))
            .map((a) => `${el.localName} ${a.name}=${a.value}`),
        ),
      ),
    ).toEqual([]);
    expect(requests).toEqual([]);
    await context.close();
    expect(listener.requests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
