/**
 * The theme (state/theme.svelte.ts): the system's setting until the person switches, the switch
 * kept on this device and marked on the page; a stored value that is not a theme is ignored.
 */
import { describe, expect, it } from 'vitest';
import { Theme } from '../../src/state/theme.svelte.ts';
import type { ColorScheme, ThemeName } from '../../src/state/ports.ts';
import { memoryPreferences } from '../helpers/test-platform.ts';

function system(dark: boolean) {
  let listener: ((dark: boolean) => void) | null = null;
  const applied: Array<ThemeName | null> = [];
  const scheme: ColorScheme = {
    prefersDark: () => dark,
    onChange: (l) => void (listener = l),
    apply: (theme) => void applied.push(theme),
  };
  return { scheme, applied, change: (d: boolean) => listener!(d) };
}

describe('Theme', () => {
  it('follows the system while nothing is chosen', () => {
    const fake = system(true);
    const theme = new Theme(fake.scheme, memoryPreferences());
    expect(theme.dark).toBe(true);
    fake.change(false);
    expect(theme.dark).toBe(false);
    expect(fake.applied).toEqual([null]);
  });

  it('keeps the switch on this device, and the system no longer decides', () => {
    const preferences = memoryPreferences();
    const fake = system(false);
    const theme = new Theme(fake.scheme, preferences);
    theme.toggle();
    expect(theme.dark).toBe(true);
    expect(fake.applied.at(-1)).toBe('dark');
    fake.change(false);
    expect(theme.dark).toBe(true);
    const again = new Theme(system(false).scheme, preferences);
    expect(again.choice).toBe('dark');
    expect(again.dark).toBe(true);
  });

  it('ignores a stored value that is not a theme, and works with no storage', () => {
    const theme = new Theme(system(true).scheme, memoryPreferences([['sift.theme', 'purple']]));
    expect(theme.choice).toBeNull();
    const bare = new Theme(system(false).scheme, null);
    bare.toggle();
    expect(bare.dark).toBe(true);
  });
});
