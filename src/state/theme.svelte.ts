/**
 * Light or dark: the system's setting (prefers-color-scheme) until the person chooses with the
 * theme switch; the choice is kept on this device. The page's colours follow through CSS
 * (app.css: light-dark() and the root's color-scheme); charts ask `dark` to draw themselves.
 */
import type { ColorScheme, Preferences, ThemeName } from './ports.ts';

const THEME_ITEM = 'sift.theme';

export class Theme {
  /** The person's choice; null follows the system. */
  choice = $state<ThemeName | null>(null);
  #systemDark = $state(false);
  readonly #scheme: ColorScheme;
  readonly #preferences: Preferences | null;

  constructor(scheme: ColorScheme, preferences: Preferences | null) {
    this.#scheme = scheme;
    this.#preferences = preferences;
    this.#systemDark = scheme.prefersDark();
    scheme.onChange((dark) => (this.#systemDark = dark));
    const stored = preferences?.get(THEME_ITEM);
    this.choice = stored === 'light' || stored === 'dark' ? stored : null;
    scheme.apply(this.choice);
  }

  get dark(): boolean {
    return this.choice ? this.choice === 'dark' : this.#systemDark;
  }

  /** The switch: the other theme than the one shown, kept for the next visit. */
  toggle(): void {
    this.choice = this.dark ? 'light' : 'dark';
    this.#preferences?.set(THEME_ITEM, this.choice);
    this.#scheme.apply(this.choice);
  }
}
