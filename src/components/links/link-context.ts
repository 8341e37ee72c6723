/**
 * The app's link guard, for any component that renders links however deep it sits: set once by
 * App from what createApp built.
 */
import { createContext } from 'svelte';
import type { LinkGuard } from '../../state/link-guard.svelte.ts';

export const [getLinkGuard, setLinkGuard] = createContext<LinkGuard>();
