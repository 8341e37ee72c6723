import { mount } from 'svelte';
import { watchCsp } from './adapters/csp-watch.ts';
import { createApp } from './app.ts';
import { browserPlatform } from './browser-platform.ts';
import App from './components/App.svelte';
import './app.css';

watchCsp();
mount(App, {
  target: document.getElementById('app') as HTMLElement,
  props: { app: createApp(browserPlatform()) },
});
