import { mount } from 'svelte';
import { watchCsp } from './adapters/csp-watch.ts';
import App from './components/App.svelte';
import './app.css';

watchCsp();
mount(App, { target: document.getElementById('app') as HTMLElement });
