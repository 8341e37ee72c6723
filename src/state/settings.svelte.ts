/**
 * The model settings: where the model runs (Anthropic, a server on this computer, another
 * endpoint; issue 32), the key, the model and its traits. The key lives in memory; only when the
 * person ticks "remember on this device" is it written to localStorage. Everything else is not
 * secret and always remembered, as is where new files go (`newFiles`, file-intake.svelte.ts).
 */
import type { AnthropicModelClient, ModelInfo } from './ports.ts';
import { checkBaseUrl, DEFAULT_BASE_URL } from '../core/model/base-url.ts';
import { cspBlockedMessage } from '../core/model/csp-connect.ts';
import {
  CLAUDE_TRAITS,
  notLocal,
  UNKNOWN_LOCAL_WINDOW,
  whereDataGoes,
  cloudModelHost,
  type ModelTraits,
  type Provider,
} from '../core/model/provider.ts';
import type { ModelConfig, Preferences } from './ports.ts';
import { LocalServerList } from './local-servers.svelte.ts';
import { readSaved, type SavedSettings } from '../core/model/saved-settings.ts';

export const DEFAULT_MODEL = 'claude-sonnet-5-5';
/** Shown until the Models API answers, and when it cannot be reached. */
export const FALLBACK_MODELS: ModelInfo[] = [
  { id: 'claude-sonnet-5-5', displayName: 'Claude Sonnet 5.5' },
  { id: 'claude-opus-5-5', displayName: 'Claude Opus 5.5' },
  { id: 'claude-haiku-5-5', displayName: 'Claude Haiku 5.5' },
  { id: 'claude-sonnet-5', displayName: 'Claude Sonnet 5' },
  { id: 'claude-opus-5', displayName: 'Claude Opus 5' },
  { id: 'claude-haiku-4-5', displayName: 'Claude Haiku 4.5' },
];

/** Files brought to a session with tables: ask each time, or go as the person chose to remember. */
export type NewFiles = 'ask' | 'add' | 'new';

const KEY_ITEM = 'sift.apiKey';
const SETTINGS_ITEM = 'sift.settings';

export interface SettingsDraft {
  provider: Provider;
  apiKey: string;
  /** Another Anthropic-compatible endpoint (a gateway). */
  gatewayUrl: string;
  /** The model server on this computer. */
  localUrl: string;
  model: string;
  /** The context window the person set for a local model, over what its server says. */
  localWindow: number | null;
  remember: boolean;
  /** Claude is shown each chart it draws as an image and may fix it once. */
  chartCheck: boolean;
  newFiles: NewFiles;
}

/** Why a local model cannot be used, or null. */
export function unusableModel(model: ModelInfo | undefined): string | null {
  if (model?.traits && !model.traits.tools)
    return `${model.id} cannot call tools, which Sift needs to query your data. Pick a model whose server lists “tools” (for example qwen3, llama3.1 or mistral-nemo).`;
  return null;
}

export class Settings {
  provider = $state<Provider>('anthropic');
  apiKey = $state('');
  gatewayUrl = $state('');
  localUrl = $state('');
  model = $state(DEFAULT_MODEL);
  localWindow = $state<number | null>(null);
  remember = $state(false);
  chartCheck = $state(true);
  newFiles = $state<NewFiles>('ask');
  models = $state.raw<ModelInfo[]>(FALLBACK_MODELS);
  /** Why the model list is the fallback one, when listing failed. */
  modelsMessage = $state<string | null>(null);
  modelsLoading = $state(false);
  /** The settings panel is showing. */
  open = $state(false);
  /** A reason to show in the panel (e.g. "add a key to analyse"). */
  prompt = $state<string | null>(null);
  /** The servers on this computer the panel offers. */
  readonly local: LocalServerList;
  /** What the person was doing when asked for a key, to carry on with once it is saved. */
  #resume: (() => void) | null = null;
  #client: AnthropicModelClient | null = null;
  /** Counts model listings, so only the latest one's answer is kept. */
  #listing = 0;
  readonly #store: Preferences | null;
  readonly #connect: (url: string) => boolean;
  /**
   * Whether the model server on this computer answered when it was last asked (at the start and
   * at each save); null before, or for a model elsewhere. The top bar's dot is not green when it
   * did not (issue 45).
   */
  localAnswers = $state<boolean | null>(null);
  readonly #makeClient: (config: ModelConfig) => AnthropicModelClient;

  constructor(
    store: Preferences | null,
    makeClient: (config: ModelConfig) => AnthropicModelClient,
    local: LocalServerList,
    /** Whether the page's policy lets it reach an address (Platform.connectAllowed). */
    connect: (url: string) => boolean = () => true,
  ) {
    this.#connect = connect;
    this.#store = store;
    this.#makeClient = makeClient;
    this.local = local;
    const key = store?.get(KEY_ITEM);
    if (key) {
      this.apiKey = key;
      this.remember = true;
    }
    Object.assign(this, readSaved(store?.get(SETTINGS_ITEM) ?? null));
    if (this.ready) void this.refreshModels();
  }

  draft(): SettingsDraft {
    const { provider, apiKey, gatewayUrl, localUrl, model, localWindow } = this;
    const { remember, chartCheck, newFiles } = this;
    return {
      provider,
      apiKey,
      gatewayUrl,
      localUrl,
      model,
      localWindow,
      remember,
      chartCheck,
      newFiles,
    };
  }

  get hasKey(): boolean {
    return this.apiKey.trim().length > 0;
  }

  /** Where requests go. */
  get baseUrl(): string {
    if (this.provider === 'local') return this.localUrl;
    if (this.provider === 'gateway') return this.gatewayUrl;
    return DEFAULT_BASE_URL;
  }

  /** A model can be asked: Anthropic's API needs a key; a local server or a gateway its address. */
  /** Whether the chosen model can be reached as far as the page can tell. */
  get reachable(): boolean {
    return !this.isLocal || this.localAnswers !== false;
  }

  /** Asks the configured server on this computer whether it answers, for the top bar's dot. */
  async checkLocal(): Promise<void> {
    if (!this.isLocal || !this.localUrl) return;
    const url = this.localUrl;
    const answered = await this.local.read(url);
    if (this.localUrl === url) this.localAnswers = answered;
  }

  /**
   * Why the page's policy would refuse a gateway at `url`, with what to do; null when it lets it
   * through, or the address is not one yet. Said in the panel as it is typed, before any question.
   */
  gatewayBlocked(url: string): string | null {
    const base = checkBaseUrl(url);
    if (!base.ok || this.#connect(base.url)) return null;
    // The origin alone, as SIFT_CONNECT_SRC takes it: scheme, host and port.
    return cspBlockedMessage(/^[a-z]+:\/\/[^/]+/i.exec(base.url)?.[0] ?? base.url);
  }

  get ready(): boolean {
    if (this.provider === 'anthropic') return this.hasKey;
    return this.baseUrl !== '';
  }

  /** What the page says about where query results go. */
  get dataGoes(): { leaves: boolean; text: string } {
    const listed = this.local.at(this.localUrl)?.models.find((m) => m.id === this.model);
    const remote = this.isLocal
      ? (listed?.remoteHost ?? this.modelInfo?.remoteHost ?? cloudModelHost(this.model))
      : null;
    return whereDataGoes(this.baseUrl || DEFAULT_BASE_URL, this.provider, remote);
  }

  /** The chosen model as listed, if it is. */
  get modelInfo(): ModelInfo | undefined {
    return this.models.find((m) => m.id === this.model);
  }

  /** What the chosen model takes; a local model's window as the person set it, if they did. */
  get traits(): ModelTraits {
    if (this.provider !== 'local') return CLAUDE_TRAITS;
    const listed = this.modelInfo?.traits ?? { contextWindow: null, tools: true, vision: false };
    // A window no one said is taken as Ollama's default, never as Claude's: a prompt sized for
    // 200k tokens would be cut from the front without a word (issue 32).
    const window = this.localWindow ?? listed.contextWindow ?? UNKNOWN_LOCAL_WINDOW;
    return { ...listed, contextWindow: window };
  }

  /** What the page calls the model in its sentences: Claude, or a local model by its role. */
  get modelNoun(): { lower: string; upper: string } {
    return this.isLocal
      ? { lower: 'the model', upper: 'The model' }
      : { lower: 'Claude', upper: 'Claude' };
  }

  /** The model runs on this computer: no charge, no key. */
  get isLocal(): boolean {
    return this.provider === 'local';
  }

  /** Applies the panel's values; returns an error message, or null when they were saved. */
  save(draft: SettingsDraft): string | null {
    const url =
      draft.provider === 'local'
        ? draft.localUrl
        : draft.provider === 'gateway'
          ? draft.gatewayUrl
          : '';
    // A local server's address is this computer's first: it may be plain http, as no key goes.
    const refused = draft.provider === 'local' ? notLocal(draft.localUrl) : null;
    if (refused) return refused;
    const base = draft.provider === 'anthropic' ? null : checkBaseUrl(url);
    if (base && !base.ok) return base.message;
    if (draft.provider === 'local') {
      const server = this.local.at(base!.url);
      const problem = unusableModel(server?.models.find((m) => m.id === draft.model));
      if (problem) return problem;
      if (!draft.model.trim()) return 'Choose a model from the server’s list.';
    }
    const before = JSON.stringify([this.provider, this.apiKey, this.baseUrl]);
    this.provider = draft.provider;
    this.apiKey = draft.apiKey.trim();
    if (draft.provider === 'local') this.localUrl = base!.url;
    if (draft.provider === 'gateway') this.gatewayUrl = base!.url;
    this.model = draft.model.trim() || DEFAULT_MODEL;
    this.localWindow = draft.localWindow && draft.localWindow > 0 ? draft.localWindow : null;
    this.remember = draft.remember;
    this.chartCheck = draft.chartCheck;
    this.newFiles = draft.newFiles;
    const store = this.#store;
    if (this.remember && this.apiKey) store?.set(KEY_ITEM, this.apiKey);
    else store?.remove(KEY_ITEM);
    this.#keep();
    // A local server's list is the panel's, read just now: its models, windows and tools are
    // what this choice is checked and sized by, whatever the list held before.
    const server = this.isLocal ? this.local.at(this.localUrl) : undefined;
    this.localAnswers = this.isLocal ? Boolean(server) : null;
    if (server) {
      this.#listing += 1;
      this.models = server.models;
      this.modelsMessage = null;
    }
    if (JSON.stringify([this.provider, this.apiKey, this.baseUrl]) !== before) {
      this.#client = null;
      if (!server && this.ready) void this.refreshModels();
    }
    this.prompt = null;
    // Saved, the panel closes (the models this key can use are listed meanwhile, for next time).
    this.open = false;
    const resume = this.#resume;
    this.#resume = null;
    if (resume && this.ready) resume();
    return null;
  }

  /** "Remember my choice" under the question where new files go: kept at once, no Save. */
  rememberNewFiles(choice: NewFiles): void {
    this.newFiles = choice;
    this.#keep();
  }

  /** Writes what is always remembered (never the key). */
  #keep(): void {
    const { provider, gatewayUrl, localUrl, model, localWindow, chartCheck, newFiles } = this;
    const saved: SavedSettings = {
      provider,
      gatewayUrl,
      localUrl,
      model,
      localWindow,
      chartCheck,
      newFiles,
    };
    this.#store?.set(SETTINGS_ITEM, JSON.stringify(saved));
  }

  /** Opens the panel to ask for a key (or a model), then runs `resume` once one is saved. */
  askForKey(reason: string, resume: () => void): void {
    this.prompt = reason;
    this.open = true;
    this.#resume = resume;
  }

  /** Drops the key from memory and from this device. */
  forget(): void {
    this.apiKey = '';
    this.remember = false;
    this.#client = null;
    this.#store?.remove(KEY_ITEM);
    if (this.isLocal) return;
    this.models = FALLBACK_MODELS;
    this.modelsMessage = null;
  }

  client(): AnthropicModelClient {
    this.#client ??= this.#makeClient({
      // A server on this computer is sent no key at all (adapters/anthropic-client.ts).
      apiKey: this.isLocal ? '' : this.apiKey,
      baseURL: this.baseUrl || DEFAULT_BASE_URL,
      provider: this.provider,
    });
    return this.#client;
  }

  async refreshModels(): Promise<void> {
    // An answer for an earlier choice (a listing still on its way when the person saved another
    // provider) must not replace the list of the one saved since.
    const listing = ++this.#listing;
    const local = this.isLocal;
    this.modelsLoading = true;
    try {
      const listed = await this.client().listModels();
      if (listing !== this.#listing) return;
      if (listed.length === 0) throw new Error('The server listed no models.');
      this.models = listed;
      this.modelsMessage = null;
    } catch (e) {
      if (listing !== this.#listing) return;
      this.models = local ? [] : FALLBACK_MODELS;
      const instead = local ? '' : ' A built-in list is shown instead.';
      this.modelsMessage = `Could not list the models: ${e instanceof Error ? e.message : String(e)}${instead}`;
    } finally {
      if (listing === this.#listing) this.modelsLoading = false;
    }
  }
}
