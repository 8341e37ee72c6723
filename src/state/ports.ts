/**
 * What the page's state needs from the browser, as interfaces. The state classes are handed
 * implementations (src/browser-platform.ts builds them from src/adapters/) by the one function
 * that assembles the app (src/app.ts); tests hand in their own. The interfaces are the state's,
 * which uses them: adapters import them to implement them, and state imports no adapter at all
 * (eslint.config.js, layers).
 */
import type { ModelClient } from '../core/model/client.ts';
import type { ModelTraits, Provider } from '../core/model/provider.ts';
import type { SiftEngine } from '../core/data/engine.ts';
import type { Rescue } from '../core/session/records.ts';
import type { SessionStore } from '../core/session/store.ts';
import type { TabMessage } from '../core/session/tab-messages.ts';
import type { SessionId } from '../core/ids.ts';

/** A model the key can use, as the Models API names it, or a server on this computer lists it. */
export interface ModelInfo {
  id: string;
  displayName: string;
  /** What the model takes, where its server says (a local server); Claude's otherwise. */
  traits?: ModelTraits;
  /** Its size and quantisation, e.g. "8.2B · Q4_K_M". */
  detail?: string;
  /** Where a model listed by a local server really runs (Ollama's cloud models): data leaves. */
  remoteHost?: string;
}

/** A model server on this computer and the models it offers (adapters/local-models.ts). */
export interface LocalServer {
  url: string;
  /** "Ollama", "llama.cpp", or "Model server" for one Sift does not recognise. */
  name: string;
  models: ModelInfo[];
}

/** The servers on this computer: found at their usual addresses, or read at one typed in. */
export interface LocalServers {
  find(signal?: AbortSignal): Promise<LocalServer[]>;
  /** Throws when nothing answers at `url` (not running, or refusing this page). */
  read(url: string, signal?: AbortSignal): Promise<LocalServer>;
}

/** The model client the page uses, which can also list the models (adapters/anthropic-client.ts). */
export interface AnthropicModelClient extends ModelClient {
  /** The models the key can use, newest first, as the Models API lists them. */
  listModels(signal?: AbortSignal): Promise<ModelInfo[]>;
}

/** The channel between tabs of this origin (adapters/session-channel.ts). */
export interface SessionChannel {
  post(message: TabMessage): void;
  close(): void;
}

/** The page's two themes. */
export type ThemeName = 'light' | 'dark';

/** The browser's side: the system setting, and the page's root to mark. */
export interface ColorScheme {
  prefersDark(): boolean;
  onChange(listener: (dark: boolean) => void): void;
  /** Marks the page with the chosen theme, or with none to follow the system. */
  apply(theme: ThemeName | null): void;
}

/** What the installed app's service worker reports. */
export interface ShellListener {
  /** The whole app is cached: from now on it opens with no server and no network. */
  offlineReady(): void;
  /**
   * A new version is installed and waits; `untouched` while the person has not yet acted in this
   * page (it has just opened, or been reloaded after a deploy).
   */
  updateReady(untouched: boolean): void;
  /** Another tab applied a new version: this page runs the old one until it reloads. */
  replaced(): void;
}

/** The app as installed (its service worker) and the network it may or may not have. */
export interface AppShell {
  start(listener: ShellListener): void;
  /** This page was answered by the app's service worker: the app is installed already. */
  installed(): boolean;
  /** Applies the waiting version: the page reloads into it. */
  update(): void;
  online(): boolean;
  onConnectivity(listener: (online: boolean) => void): void;
}

/** The Web Lock that makes a tab the writer of a session (adapters/session-lock.ts). */
export interface HeldLock {
  release(): void;
}

/** How much the site's storage uses, and may use; null where the browser will not say. */
export interface StorageFigures {
  usage: number | null;
  quota: number | null;
}

/** Small text values kept on this device (localStorage): the settings, the key if asked to. */
export interface Preferences {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Where the last moment of a page goes, for the same tab's reload (sessionStorage). */
export interface RescueSlot {
  save(rescue: Rescue | null): void;
  /** The rescue left for this session, removed as it is taken. */
  take(sessionId: SessionId): Rescue | null;
}

/** The open session's id in the page's address, so a reload reopens it. */
export interface Address {
  read(): SessionId | null;
  write(sessionId: SessionId | null): void;
}

/** The browser's word on the site's storage. */
export interface StorageQuota {
  requestPersistence(): Promise<boolean | null>;
  figures(): Promise<StorageFigures>;
}

/** Other tabs on the same sessions: a channel to them, and the lock that makes one the writer. */
export interface TabLinks {
  openChannel(onMessage: (message: TabMessage) => void): SessionChannel;
  tryLock(sessionId: SessionId): Promise<HeldLock | null>;
  waitForLock(sessionId: SessionId, signal: AbortSignal): Promise<HeldLock | null>;
}

export interface ModelConfig {
  apiKey: string;
  baseURL: string;
  /** A local server takes no key and is asked for no prompt caching. */
  provider: Provider;
}

/** Everything the app is built from. */
export interface Platform {
  engine: SiftEngine;
  openStore(): Promise<SessionStore>;
  modelClient(config: ModelConfig): AnthropicModelClient;
  localServers: LocalServers;
  /** Null where the browser keeps nothing (storage disabled). */
  preferences: Preferences | null;
  rescue: RescueSlot;
  address: Address;
  quota: StorageQuota;
  tabs: TabLinks;
  /** Runs `listener` as the page goes away (pagehide). */
  onPageHide(listener: () => void): void;
  /** The bundled sample, as a file. */
  fetchSample(): Promise<File>;
  /** Opens an address in a new tab that cannot reach back into this one. */
  openLink(url: string): void;
  /** Draws a checked chart spec as the page does, as a base64 PNG (for Claude to look at). */
  chartImage(spec: Record<string, unknown>): Promise<string>;
  shell: AppShell;
  colorScheme: ColorScheme;
  /** The person's language and region (a BCP 47 tag: `fr-FR`), as their browser says it. */
  locale: string;
  /** Whether the page's Content-Security-Policy lets it connect to `url` (a gateway). */
  connectAllowed(url: string): boolean;
}
