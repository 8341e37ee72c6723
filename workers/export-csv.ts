/**
 * A whole result as a CSV file (TableEngine.exportCsv): the statement admitted as a query is
 * (guarded-query.ts, admit), each row made into its CSV line by DuckDB (query-guard.ts,
 * csvLinesQuery), and the lines gathered batch by batch as they come (pending.ts, each), so that
 * the worker holds the file and one batch, not the result twice over. The page could only save
 * the rows a result showed (at most 1,000).
 */
import type { RecordBatch } from 'apache-arrow';
import type { ExportOptions, ExportResult } from '../src/core/data/engine.ts';
import { formatBytes } from '../src/core/data/bytes.ts';
import { textField } from '../src/core/data/csv.ts';
import { STANDARD_CSV } from '../src/core/data/csv-dialect.ts';
import { csvLinesQuery } from '../src/core/sql/query-guard.ts';
import {
  admit,
  DEFAULT_TIMEOUT_MS,
  describedColumns,
  stoppedOrFailed,
  type GuardedRunner,
  type StopWords,
} from './guarded-query.ts';
import { Interrupted, Stopper } from './pending.ts';

/** Characters of CSV at most: a file the page is handed whole, and the person's disk takes. */
export const DEFAULT_EXPORT_CHARS = 256 * 1024 * 1024;
const FOLD_CHARS = 8 * 1024 * 1024;
const SAVE_WORDS: StopWords = { subject: 'Saving the result', cancelled: 'Saving was cancelled.' };

/** One batch's lines, each ended by CRLF: DuckDB made each whole (query-guard.ts, csvLinesQuery). */
function linesOf(batch: RecordBatch): string {
  const lines = batch.getChildAt(0);
  let text = '';
  for (let r = 0; r < batch.numRows; r++) text += `${String(lines?.get(r) ?? '')}\r\n`;
  return text;
}

export async function runExport(
  sql: string,
  options: ExportOptions,
  db: GuardedRunner,
): Promise<ExportResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxChars = options.maxBytes ?? DEFAULT_EXPORT_CHARS;
  const stop = new Stopper(started + timeoutMs);

  const admitted = await admit(sql, db);
  if (!admitted.ok) return { ...admitted, durationMs: elapsed() };
  const { statement, describeText } = admitted;
  let capped = false;
  try {
    const columns = await describedColumns(db, describeText, stop);
    const dialect = options.dialect ?? STANDARD_CSV;
    const names = columns.map((c) => textField(c.name, dialect.separator));
    const head = `${dialect.bom ? '\ufeff' : ''}${names.join(dialect.separator)}\r\n`;
    // The text gathered so far goes into the file's Blob every few megabytes, so that the worker
    // holds it once, as bytes, rather than as strings (twice its size in UTF-16) beside them.
    let file = new Blob([]);
    let parts = [head];
    let pending = head.length;
    let chars = head.length;
    let rows = 0;
    const text = csvLinesQuery(statement, columns, dialect);
    await db.prepare(text);
    await db.each(text, stop, (batch) => {
      const part = linesOf(batch);
      chars += part.length;
      rows += batch.numRows;
      if (chars > maxChars) {
        capped = true;
        stop.stop('cancelled');
        return;
      }
      parts.push(part);
      pending += part.length;
      if (pending > FOLD_CHARS) {
        file = new Blob([file, ...parts]);
        parts = [];
        pending = 0;
      }
    });
    return {
      ok: true,
      csv: new Blob([file, ...parts], { type: 'text/csv;charset=utf-8' }),
      rows,
      durationMs: elapsed(),
    };
  } catch (e) {
    if (capped && e instanceof Interrupted)
      return {
        ok: false,
        kind: 'rejected',
        message: `The result is more than ${formatBytes(maxChars)} as CSV, too large to save from the page. Filter or aggregate it, or choose fewer columns.`,
        durationMs: elapsed(),
      };
    return stoppedOrFailed(e, statement, timeoutMs, elapsed(), SAVE_WORDS);
  }
}
