/**
 * The model is told what the page shows of columns read from local formats (issue 28): the
 * value as written and as read, where values that did not fit are, and when the person kept
 * the text as written.
 */
import { describe, expect, it } from 'vitest';
import { describeTables } from '../../src/core/agent/dataset.ts';
import { datasetBlock } from '../../src/core/agent/dataset-block.ts';
import type { TableInfo } from '../../src/core/data/engine.ts';

const table = (extra: Partial<TableInfo>): TableInfo => ({
  name: 'data',
  fileName: 'ventes.csv',
  fileBytes: 100,
  rows: 22,
  columns: [{ original: 'Montant (€)', name: 'Montant (€)' }],
  schema: [{ name: 'Montant (€)', type: 'DECIMAL(18,2)' }],
  format: 'csv',
  encoding: 'windows-1252',
  notes: [],
  loadMs: 1,
  ...extra,
});

const engine = { query: () => Promise.reject(new Error('the schema is known')) };

describe('columns read from local formats, as the model is told them', () => {
  it('says the value as written and as read, and where misfits are kept', async () => {
    const [described] = await describeTables(engine, [
      table({
        conversions: [
          {
            column: 'Montant (€)',
            type: 'DECIMAL(18, 2)',
            how: 'decimal comma, a space between thousands, € left out',
            example: { from: '1 063,33 €', to: '1063.33' },
            values: 21,
            misfits: 1,
            misfitColumn: 'Montant (€) (as written)',
          },
        ],
      }),
    ]);
    expect(datasetBlock([described!])).toContain(
      'Read with: "Montant (€)" is text in the file, read as DECIMAL(18, 2): “1 063,33 €” → 1063.33 (decimal comma, a space between thousands, € left out). 1 value that did not fit is NULL there and kept as text in "Montant (€) (as written)".',
    );
  });

  it('says when the person kept the text as written', async () => {
    const [described] = await describeTables(engine, [table({ asWritten: true })]);
    expect(datasetBlock([described!])).toMatch(/Read with: The person chose to keep numbers/);
  });
});
