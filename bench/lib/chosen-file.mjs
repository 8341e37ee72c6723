/**
 * One measured load from the person's side, shared by the ingest benches: a fresh Chromium on the
 * built app, the engine ready, then the file chosen, until its table summary shows; checked
 * against the rows native DuckDB read from the same file.
 */
import { openBrowser } from './browser.mjs';
import { MARKS_SCRIPT, readMarks, waitForMark } from './page-marks.mjs';

/**
 * `path` chosen in the app at `url`; throws when the page shows other than `rows` rows. Returns the
 * time from the file chosen to its summary, the worker's own load time, what the summary says of
 * the file's format and encoding, and the renderer's peak memory.
 */
export async function chosenFileRun(url, path, rows) {
  const b = await openBrowser();
  try {
    await b.context.addInitScript(MARKS_SCRIPT);
    const page = await b.context.newPage();
    await page.goto(url);
    await waitForMark(page, 'ready', 120_000);
    await page.setInputFiles('input[data-testid="file-input"]', path);
    await waitForMark(page, 'summary');
    const m = await readMarks(page);
    const shown = await page.$eval('[data-testid="table-summary"]', (el) => ({
      rows: Number(el.getAttribute('data-rows')),
      format: el.getAttribute('data-format'),
      encoding: el.getAttribute('data-encoding'),
      loadMs: Number(el.getAttribute('data-load-ms')),
    }));
    if (shown.rows !== rows)
      throw new Error(`${path}: the page shows ${shown.rows} rows, native DuckDB ${rows}.`);
    return {
      summaryMs: m.summary - m.drop,
      workerMs: shown.loadMs,
      format: shown.format,
      encoding: shown.encoding,
      peakRss: b.peakRss(),
    };
  } finally {
    await b.close();
  }
}
