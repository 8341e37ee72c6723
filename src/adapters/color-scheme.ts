/**
 * The system's light or dark setting, and the mark on <html> that overrides it (app.css reads
 * `data-theme`); the browser's title bar colour (`theme-color`) follows.
 */
import type { ColorScheme, ThemeName } from '../state/ports.ts';

const QUERY = '(prefers-color-scheme: dark)';
/** The top bar's colour in each theme (app.css --card): the title bar matches it. */
const BAR = { light: '#ffffff', dark: '#171e26' } as const;

export function colorScheme(): ColorScheme {
  const media = matchMedia(QUERY);
  let chosen: ThemeName | null = null;
  const paintBar = () => {
    const theme = chosen ?? (media.matches ? 'dark' : 'light');
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR[theme]);
  };
  media.addEventListener('change', paintBar);
  return {
    prefersDark: () => media.matches,
    onChange: (listener) => media.addEventListener('change', (e) => listener(e.matches)),
    apply(theme) {
      chosen = theme;
      if (theme) document.documentElement.dataset.theme = theme;
      else delete document.documentElement.dataset.theme;
      paintBar();
    },
  };
}
