import { describe, expect, it } from 'vitest';
import { shortcutOf, type KeyLike } from '../../src/components/shortcuts.ts';

const key = (k: string, more: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  inField: false,
  inDialog: false,
  ...more,
});

describe('keyboard shortcuts', () => {
  it('Ctrl+K and ⌘K go to the question box from anywhere, a field included', () => {
    expect(shortcutOf(key('k', { ctrlKey: true }), false)).toBe('focus-question');
    expect(shortcutOf(key('K', { metaKey: true, inField: true }), false)).toBe('focus-question');
    expect(shortcutOf(key('k'), false)).toBeNull();
  });

  it('Escape stops Claude only while it works, and not from inside a dialog', () => {
    expect(shortcutOf(key('Escape'), true)).toBe('stop');
    expect(shortcutOf(key('Escape', { inField: true }), true)).toBe('stop');
    expect(shortcutOf(key('Escape'), false)).toBeNull();
    expect(shortcutOf(key('Escape', { inDialog: true }), true)).toBeNull();
  });

  it('Escape closes an open drawer first, even while the model works; a dialog keeps its own', () => {
    expect(shortcutOf(key('Escape'), false, true)).toBe('close-panel');
    expect(shortcutOf(key('Escape'), true, true)).toBe('close-panel');
    expect(shortcutOf(key('Escape', { inDialog: true }), true, true)).toBeNull();
  });

  it('? lists the shortcuts, except while typing', () => {
    expect(shortcutOf(key('?'), false)).toBe('help');
    expect(shortcutOf(key('?', { inField: true }), false)).toBeNull();
  });

  it('leaves a key another handler took, and Alt combinations, alone', () => {
    expect(shortcutOf(key('Escape', { defaultPrevented: true }), true)).toBeNull();
    expect(shortcutOf(key('k', { ctrlKey: true, altKey: true }), false)).toBeNull();
  });
});
