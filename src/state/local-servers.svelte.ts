/**
 * The model servers on this computer that the settings panel offers (issue 32): looked for at
 * their usual addresses when the person chooses "On this computer", and read at an address they
 * type. Kept apart from the settings, which only remember the one chosen.
 */
import { SvelteSet } from 'svelte/reactivity';
import { errorMessage } from '../core/errors.ts';
import { notLocal } from '../core/model/provider.ts';
import type { LocalServer, LocalServers } from './ports.ts';

export class LocalServerList {
  /** Servers that answered, in the order found; one read at a typed address replaces its entry. */
  servers = $state.raw<LocalServer[]>([]);
  finding = $state(false);
  /** Why the address last read gave nothing, in plain words. */
  problem = $state<{ url: string; message: string } | null>(null);
  readonly #source: LocalServers;
  #looked = false;
  /** Addresses the person typed and read: listed until read again without an answer. */
  readonly #typed = new SvelteSet<string>();

  constructor(source: LocalServers) {
    this.#source = source;
  }

  /** The server listed at `url`, if it answered. */
  at(url: string): LocalServer | undefined {
    const key = url.replace(/\/+$/, '');
    return this.servers.find((s) => s.url.replace(/\/+$/, '') === key);
  }

  /** Looks at the usual addresses, once unless asked again (`again`). */
  async find(again = false): Promise<void> {
    if (this.finding || (this.#looked && !again)) return;
    this.#looked = true;
    this.finding = true;
    try {
      const found = await this.#source.find();
      // A server read at a typed address stays listed though it is not at a usual one; one found
      // before at a usual address and gone now is gone from the list.
      const typed = this.servers.filter(
        (s) => this.#typed.has(s.url) && !found.some((f) => f.url === s.url),
      );
      this.servers = [...found, ...typed];
    } finally {
      this.finding = false;
    }
  }

  /** Reads the server at `url`; true when it answered with models. */
  async read(url: string): Promise<boolean> {
    // Only this computer: the page's policy lets nothing else through (core/model/provider.ts).
    const refused = notLocal(url);
    if (refused) {
      this.problem = { url, message: refused };
      return false;
    }
    this.finding = true;
    this.problem = null;
    try {
      const server = await this.#source.read(url);
      this.#typed.add(server.url);
      this.servers = [...this.servers.filter((s) => s.url !== server.url), server];
      if (server.models.length === 0) {
        this.problem = {
          url,
          message: `The server at ${url} answered but listed no models. Download one first (for Ollama: ollama pull qwen3:8b).`,
        };
        return false;
      }
      return true;
    } catch (e) {
      // The source says why in plain words (adapters/local-models.ts, explainedRead).
      this.problem = { url, message: errorMessage(e) };
      this.#typed.delete(url);
      this.servers = this.servers.filter((s) => s.url !== url);
      return false;
    } finally {
      this.finding = false;
    }
  }
}
