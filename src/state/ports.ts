/**
 * What the page's state needs from the browser, as interfaces. The state classes are handed
 * implementations (src/browser-platform.ts builds them from src/adapters/) by the one function
 * that assembles the app (src/app.ts); tests hand in their own. Lint keeps state from importing
 * an adapter for anything but its types.
 */
import type { AnthropicModelClient } from '../adapters/anthropic-client.ts';
import type { SessionChannel } from '../adapters/session-channel.ts';
import type { ColorScheme, ThemeName } from '../adapters/color-scheme.ts';
import type { AppShell, ShellListener } from '../adapters/service-worker.ts';
import type { HeldLock } from '../adapters/session-lock.ts';
import type { StorageFigures } from '../adapters/storage.ts';
import type { SiftEngine } from '../core/data/engine.ts';
import type { Rescue } from '../core/session/records.ts';
import type { SessionStore } from '../core/session/store.ts';
import type { TabMessage } from '../core/session/tab-messages.ts';
import type { SessionId } from '../core/ids.ts';

export type {
  AppShell,
  ColorScheme,
  HeldLock,
  SessionChannel,
  ShellListener,
  StorageFigures,
  ThemeName,
};

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
}

/** Everything the app is built from. */
export interface Platform {
  engine: SiftEngine;
  openStore(): Promise<SessionStore>;
  modelClient(config: ModelConfig): AnthropicModelClient;
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
}
