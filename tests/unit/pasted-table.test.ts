/** What a pasted table becomes before the loader reads it. */
import { describe, expect, it } from 'vitest';
import { pastedText } from '../../src/components/pasted-table.ts';

describe('pastedText', () => {
  it('keeps rows copied from a spreadsheet as tab-separated text', () => {
    const copied = 'region\tunits\r\nnorth\t3\r\nsouth\t5\r\n';
    expect(pastedText(copied)).toEqual({
      name: 'pasted table.tsv',
      content: 'region\tunits\nnorth\t3\nsouth\t5\n',
    });
  });

  it('turns a Markdown table into CSV, quoting what needs it and keeping escaped pipes', () => {
    const markdown = [
      '',
      '| city | note | score |',
      '|:-----|------|------:|',
      '| Oslo | cold, dark | 3 |',
      '| Lima | a \\| b | 5 |',
      '',
    ].join('\n');
    expect(pastedText(markdown)).toEqual({
      name: 'pasted table.csv',
      content: 'city,note,score\nOslo,"cold, dark",3\nLima,a | b,5\n',
    });
  });

  it('leaves comma-separated text as it is', () => {
    expect(pastedText('a,b\n1,2')).toEqual({ name: 'pasted table.csv', content: 'a,b\n1,2\n' });
  });

  it('is nothing for white space', () => {
    expect(pastedText(' \n\t\n')).toBeNull();
  });

  it('does not take text with a pipe but no rule line for a Markdown table', () => {
    expect(pastedText('a|b\n1|2')?.content).toBe('a|b\n1|2\n');
  });
});
