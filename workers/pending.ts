/**
 * Running one statement so that it can be stopped: `conn.send()` executes it in slices inside
 * DuckDB's worker while this worker stays free to take a cancel, and `cancelSent()` interrupts it
 * with the connection intact (ARCHITECTURE.md, Facts: read-only by the parser). `conn.query()` could only be stopped by terminating.
 */
import type { AsyncDuckDBConnection } from '@duckdb/duckdb-wasm';
import type { RecordBatch } from 'apache-arrow';

export type StopReason = 'timeout' | 'cancelled';

export class Interrupted extends Error {
  constructor(readonly reason: StopReason) {
    super(reason === 'timeout' ? 'The time limit was reached.' : 'Cancelled.');
  }
}

/** One operation's stop conditions, shared by the statements it runs. */
export class Stopper {
  reason: StopReason | null = null;
  #interrupt: (() => void) | null = null;

  constructor(readonly deadline: number = Infinity) {}

  stop(reason: StopReason): void {
    if (this.reason) return;
    this.reason = reason;
    this.#interrupt?.();
  }

  async run(conn: AsyncDuckDBConnection, sql: string): Promise<RecordBatch[]> {
    const batches: RecordBatch[] = [];
    await this.each(conn, sql, (batch) => void batches.push(batch));
    return batches;
  }

  /** Runs `sql`, handing each batch to `onBatch` as it comes instead of keeping them all. */
  async each(
    conn: AsyncDuckDBConnection,
    sql: string,
    onBatch: (batch: RecordBatch) => void,
  ): Promise<void> {
    const remaining = this.deadline - performance.now();
    if (remaining <= 0) this.stop('timeout');
    if (this.reason) throw new Interrupted(this.reason);
    this.#interrupt = () => void conn.cancelSent();
    const timer = Number.isFinite(remaining)
      ? setTimeout(() => this.stop('timeout'), remaining)
      : undefined;
    try {
      for await (const batch of await conn.send(sql)) {
        // Stopped by `onBatch` (or a cancel) while batches are still coming: not handed on.
        if (this.reason) break;
        onBatch(batch);
      }
      if (this.reason) throw new Interrupted(this.reason);
    } catch (e) {
      throw this.reason ? new Interrupted(this.reason) : e;
    } finally {
      clearTimeout(timer);
      this.#interrupt = null;
    }
  }
}
