/**
 * An engine for the loop's unit tests: answers queries from a function, records them, and can
 * be made to hang until cancelled. The SQL itself is tested on real DuckDB elsewhere.
 */
import type { Cell, QueryResult, TableProfile } from '../../src/core/data/engine.ts';
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
  cancels = 0;
  #pending: ((r: QueryResult) => void) | null = null;

  constructor(
    private readonly answer: (sql: string) => QueryResult | 'hang' = () => rowsResult(['n'], [[1]]),
  ) {}

  async query(sql: string): Promise<QueryResult> {
    this.queries.push(sql);
    const result = this.answer(sql);
    if (result !== 'hang') return result;
    return new Promise((resolve) => (this.#pending = resolve));
  }

  async cancel(): Promise<void> {
    this.cancels += 1;
    this.#pending?.({ ok: false, kind: 'cancelled', message: 'Query cancelled.', durationMs: 10 });
    this.#pending = null;
  }

  async profile(table: string): Promise<TableProfile> {
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
