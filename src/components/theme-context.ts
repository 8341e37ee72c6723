/**
 * The page's theme, for the components that draw in its colours (charts) however deep they sit:
 * set once by App from what createApp built.
 */
import { createContext } from 'svelte';
import type { Theme } from '../state/theme.svelte.ts';

export const [getTheme, setTheme] = createContext<Theme>();
