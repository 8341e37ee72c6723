/**
 * A whole result saved as a CSV file (SiftEngine.exportCsv): the statement run again by DuckDB,
 * every row and column, while the page shows its first rows. One for the SQL box's result, one
 * for the rows grid's view; Cancel stops the one under way and no other operation.
 */
import type { CsvDialect } from '../core/data/csv-dialect.ts';
import type { ExportResult, SiftEngine } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';

export type SaveFailure = Extract<ExportResult, { ok: false }>;

export class ResultFile {
  /** A file is being written. */
  saving = $state(false);
  /** Why the last file could not be made; null once another is asked for, or it is cleared. */
  failure = $state.raw<SaveFailure | null>(null);
  #id: string | null = null;
  readonly #engine: SiftEngine;

  constructor(engine: SiftEngine) {
    this.#engine = engine;
  }

  /** The file, or null when it could not be made (`failure` says why) or was cancelled. */
  async save(sql: string, timeoutMs?: number, dialect?: CsvDialect): Promise<Blob | null> {
    if (this.saving) return null;
    this.saving = true;
    this.failure = null;
    const id = `export-${crypto.randomUUID()}`;
    this.#id = id;
    let saved: ExportResult;
    try {
      saved = await this.#engine.exportCsv(sql, {
        id,
        ...(timeoutMs ? { timeoutMs } : {}),
        ...(dialect ? { dialect } : {}),
      });
    } catch (e) {
      saved = { ok: false, kind: 'error', message: errorMessage(e), durationMs: 0 };
    } finally {
      this.#id = null;
      this.saving = false;
    }
    if (saved.ok) return saved.csv;
    // Cancelled by the person: nothing to tell them.
    if (saved.kind !== 'cancelled') this.failure = saved;
    return null;
  }

  cancel(): void {
    if (this.#id) void this.#engine.cancel(this.#id);
  }

  /** Forgets a failure: its result is no longer shown. */
  clear(): void {
    this.failure = null;
  }
}
