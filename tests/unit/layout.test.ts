/**
 * The side panels (state/layout.svelte.ts): the Activity panel quiet until the first turn, hidden
 * for good once the person hides it (after a reload too), one drawer at a time, and Escape or a
 * tap beside a drawer closing both.
 */
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/state/layout.svelte.ts';
import { memoryPreferences } from '../helpers/test-platform.ts';

/** A page whose tables and turns the test sets. */
function page(preferences = memoryPreferences()) {
  const shown = { empty: false, turns: 0 };
  const layout = new Layout(preferences, {
    empty: () => shown.empty,
    noTurns: () => shown.turns === 0,
  });
  return { layout, shown, preferences };
}

describe('Layout', () => {
  it('is quiet by default: no Activity panel beside the welcome, nor before the first turn', () => {
    const { layout, shown } = page();
    shown.empty = true;
    expect(layout.rightShown).toBe(false);
    shown.empty = false;
    expect(layout.rightShown).toBe(false);
    shown.turns = 1;
    // Shown where there is room for it; a closed drawer where there is not (the media queries).
    expect(layout.rightShown).toBe('auto');
    expect(layout.leftOpen).toBe(false);
    expect(layout.drawerOpen).toBe(false);
  });

  it('opens the Activity panel on the person’s word, before any turn', () => {
    const { layout, preferences } = page();
    layout.toggleRight(false);
    expect(layout.rightShown).toBe(true);
    expect(layout.rightOpen).toBe(true);
    expect(layout.drawerOpen).toBe(true);
    expect(preferences.values.size).toBe(0);
  });

  it('keeps the Activity panel hidden across a reload, until the person shows it', () => {
    const preferences = memoryPreferences();
    const first = page(preferences);
    first.shown.turns = 2;
    // Visible now (beside the centre, automatic): the button hides it.
    first.layout.toggleRight(true);
    expect(first.layout.rightShown).toBe(false);
    expect(preferences.values.get('sift.activityHidden')).toBe('1');

    const reloaded = page(preferences);
    reloaded.shown.turns = 2;
    expect(reloaded.layout.rightShown).toBe(false);
    reloaded.layout.closeDrawers();
    expect(reloaded.layout.rightShown).toBe(false);
    reloaded.layout.toggleRight(false);
    expect(reloaded.layout.rightShown).toBe(true);
    expect(preferences.values.has('sift.activityHidden')).toBe(false);
    expect(page(preferences).layout.rightShown).toBe(false);
  });

  it('keeps the panel hidden by its own Hide', () => {
    const { layout, shown, preferences } = page();
    shown.turns = 1;
    layout.hideActivity();
    expect(layout.rightShown).toBe(false);
    expect(preferences.values.get('sift.activityHidden')).toBe('1');
    expect(page(preferences).layout.rightShown).toBe(false);
  });

  it('opens one drawer at a time', () => {
    const { layout, shown } = page();
    shown.turns = 1;
    layout.toggleLeft();
    expect(layout.leftOpen).toBe(true);
    // The Activity drawer, closed on a phone, opens and the sessions drawer closes.
    layout.toggleRight(false);
    expect(layout.rightOpen).toBe(true);
    expect(layout.leftOpen).toBe(false);
    // The sessions drawer opens and the Activity panel goes back to automatic.
    layout.toggleLeft();
    expect(layout.leftOpen).toBe(true);
    expect(layout.rightOpen).toBe(false);
    expect(layout.rightShown).toBe('auto');
    layout.toggleLeft();
    expect(layout.leftOpen).toBe(false);
  });

  it('closes both drawers on Escape or a tap beside them, the panels’ choice kept', () => {
    const { layout, shown, preferences } = page();
    shown.turns = 1;
    layout.toggleRight(false);
    layout.closeDrawers();
    expect(layout.drawerOpen).toBe(false);
    expect(layout.rightShown).toBe('auto');
    expect(preferences.values.size).toBe(0);

    layout.toggleLeft();
    expect(layout.drawerOpen).toBe(true);
    layout.closeDrawers();
    expect(layout.leftOpen).toBe(false);
    expect(layout.drawerOpen).toBe(false);

    layout.toggleLeft();
    layout.closeLeft();
    expect(layout.leftOpen).toBe(false);
  });

  it('works with no storage', () => {
    const layout = new Layout(null, { empty: () => false, noTurns: () => false });
    layout.hideActivity();
    expect(layout.rightShown).toBe(false);
    layout.toggleRight(false);
    expect(layout.rightShown).toBe(true);
  });
});
