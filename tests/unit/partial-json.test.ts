import { describe, expect, it } from 'vitest';
import { partialStringField } from '../../src/core/agent/partial-json.ts';

describe('partialStringField', () => {
  const full = JSON.stringify({ title: 'x', text: 'Line "one"\nLine two \\ é ✓ \u00e9' });

  it('grows with every prefix and ends with the whole value', () => {
    let last = '';
    for (let end = 0; end <= full.length; end++) {
      const v = partialStringField(full.slice(0, end), 'text');
      if (v === null) continue;
      expect(v.startsWith(last) || last.startsWith(v)).toBe(true);
      last = v;
    }
    expect(last).toBe('Line "one"\nLine two \\ é ✓ é');
  });

  it('ignores the key inside other values and nested objects', () => {
    expect(partialStringField('{"a": "text", "b": {"text": "no"}, "text": "yes', 'text')).toBe(
      'yes',
    );
    expect(partialStringField('{"note": "\\"text\\": \\"no', 'text')).toBeNull();
  });

  it('is null before the value starts, and for non-strings', () => {
    expect(partialStringField('{"te', 'text')).toBeNull();
    expect(partialStringField('{"text":', 'text')).toBeNull();
    expect(partialStringField('{"text": 5}', 'text')).toBeNull();
    expect(partialStringField('{"text": "', 'text')).toBe('');
  });

  it('drops an escape cut in half', () => {
    expect(partialStringField('{"text": "a\\', 'text')).toBe('a');
    expect(partialStringField('{"text": "a\\u00', 'text')).toBe('a');
  });
});
