/** The example questions an empty conversation offers, from the tables' column kinds. */
import { describe, expect, it } from 'vitest';
import { exampleQuestions } from '../../src/components/workspace/example-questions.ts';
import type { ColumnProfile, TableProfile } from '../../src/core/data/engine.ts';

const column = (name: string, type: string, uniqueCount: number): ColumnProfile => ({
  column: name,
  type,
  nonNullCount: 100,
  uniqueCount,
  min: null,
  max: null,
  typicalValues: [],
  issues: [],
});
const table = (columns: ColumnProfile[], name = 'data'): TableProfile => ({
  table: name,
  rows: 100,
  columns,
  durationMs: 1,
});

describe('exampleQuestions', () => {
  it('asks about a measure by category, over time, and against another measure', () => {
    const weather = table([
      column('location', 'VARCHAR', 2),
      column('date', 'DATE', 1461),
      column('precipitation', 'DOUBLE', 144),
      column('temp_max', 'DOUBLE', 90),
      column('weather', 'VARCHAR', 5),
    ]);
    expect(exampleQuestions([weather])).toEqual([
      'Which location has the highest average precipitation?',
      'How does precipitation change over time, month by month?',
      'Is precipitation related to temp max?',
    ]);
  });

  it('asks first about the amount a person sums, not a count before it', () => {
    // A French export: Quantité comes first, Montant (€) is what the person asks a total of.
    const ventes = table([
      column('Client', 'VARCHAR', 12),
      column('Quantité', 'BIGINT', 18),
      column('Prix unitaire', 'DECIMAL(18,2)', 22),
      column('Montant (€)', 'DECIMAL(18,2)', 22),
    ]);
    expect(exampleQuestions([ventes])[0]).toBe('Which Client has the highest total Montant (€)?');
    const named = table([
      column('Region', 'VARCHAR', 4),
      column('qty', 'BIGINT', 9),
      column('Betrag', 'DOUBLE', 50),
    ]);
    expect(exampleQuestions([named])[0]).toBe('Which Region has the highest total Betrag?');
    // A bank statement's debits: what left the account, in total.
    const bank = table([
      column('Buchungstext', 'VARCHAR', 5),
      column('Soll (EUR)', 'DECIMAL(18,2)', 22),
    ]);
    expect(exampleQuestions([bank])[0]).toBe(
      'Which Buchungstext has the highest total Soll (EUR)?',
    );
  });

  it('does not sum ids or codes, and falls back to a general question', () => {
    const keys = table([column('customer_id', 'BIGINT', 100), column('note', 'VARCHAR', 100)]);
    expect(exampleQuestions([keys])).toEqual([
      'What are the most interesting things in this data?',
    ]);
  });

  it('offers the join when there are several tables, never more than three', () => {
    const orders = table([column('amount', 'DECIMAL(10,2)', 80), column('status', 'VARCHAR', 3)]);
    const customers = table([column('segment', 'VARCHAR', 4)], 'customers');
    const questions = exampleQuestions([orders, customers]);
    expect(questions).toHaveLength(3);
    expect(questions[0]).toBe('Which status has the highest total amount?');
    expect(exampleQuestions([table([]), table([])])).toContain(
      'How do these tables connect, and what do they say together?',
    );
  });
});
