/** The page itself, loaded by main.ts once the data engine is starting. */
import { mount } from 'svelte';
import { createApp } from './app.ts';
import { browserPlatform } from './browser-platform.ts';
import App from './components/App.svelte';
import type { SiftEngine } from './core/data/engine.ts';
import './app.css';

export function startApp(engine: SiftEngine): void {
  mount(App, {
    target: document.getElementById('app') as HTMLElement,
    props: { app: createApp(browserPlatform(engine)) },
  });
}
