/**
 * An engine for the loop's unit tests: answers queries from a function, records them, and can
 * be made to hang until cancelled. The SQL itself is tested on real DuckDB elsewhere.
 */
import type { Cell, QueryOptions, QueryResult, TableProfile } from '../../src/core/data/engine.ts';
import type { AgentEngine, DatasetTable } from '../../src/core/tools/tool.ts';

export const WEATHER: DatasetTable = {
  name: 'data',
  fileName: 'weather.csv',
  rows: 1461,
  columns: [
    { name: 'date', type: 'DATE' },
    { name: 'precipitation', type: 'DOUBLE' },
    { name: 'temp_max', type: 'DOUBLE' },
    { name: 'temp_min', type: 'DOUBLE' },
    { name: 'wind', type: 'DOUBLE' },
    { name: 'weather', type: 'VARCHAR' },
  ],
};

export function rowsResult(
  columns: string[],
  rows: Cell[][],
  totalRows = rows.length,
): QueryResult {
  return {
    ok: true,
    columns: columns.map((name) => ({ name, type: 'VARCHAR' })),
    rows,
    totalRows,
    truncated: totalRows > rows.length,
    durationMs: 3,
  };
}

export class FakeEngine implements AgentEngine {
  readonly queries: string[] = [];
  /** The ids cancel() was called with, in order. */
  readonly cancelled: string[] = [];
  /** Hanging queries by id: a cancel ends only the one it names. */
  readonly #pending = new Map<string, (r: QueryResult) => void>();

  constructor(
    private readonly answer: (sql: string) => QueryResult | 'hang' = () => rowsResult(['n'], [[1]]),
  ) {}

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    this.queries.push(sql);
    const result = this.answer(sql);
    if (result !== 'hang') return result;
    return new Promise((resolve) => this.#pending.set(options.id ?? '', resolve));
  }

  async cancel(id: string): Promise<void> {
    this.cancelled.push(id);
    this.#pending.get(id)?.({
      ok: false,
      kind: 'cancelled',
      message: 'Query cancelled.',
      durationMs: 10,
    });
    this.#pending.delete(id);
  }

  /** Set to make profile() hang until its id is cancelled. */
  profileHangs = false;

  async profile(table: string, options: { id?: string } = {}): Promise<TableProfile> {
    if (this.profileHangs)
      await new Promise<QueryResult>((resolve) => this.#pending.set(options.id ?? '', resolve));
    if (this.profileHangs) throw new Error('Cancelled.');
    return {
      table,
      rows: 1461,
      durationMs: 5,
      columns: WEATHER.columns.map((c) => ({
        column: c.name,
        type: c.type,
        nonNullCount: 1461,
        uniqueCount: 10,
        min: null,
        max: null,
        typicalValues: [{ value: 'sun', count: 640 }],
        issues: c.name === 'wind' ? ['3 outliers'] : [],
      })),
    };
  }
}
