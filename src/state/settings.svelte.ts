/**
 * The model settings: API key, base URL and model. The key lives in memory; only when the person
 * ticks "remember on this device" is it written to localStorage. Base URL and model are not
 * secret and are always remembered, as is where new files go (`newFiles`, file-intake.svelte.ts).
 */
import type { AnthropicModelClient, ModelInfo } from './ports.ts';
import { checkBaseUrl, DEFAULT_BASE_URL } from '../core/model/base-url.ts';
import type { ModelConfig, Preferences } from './ports.ts';

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
const NEW_FILES: readonly string[] = ['ask', 'add', 'new'] satisfies NewFiles[];

const KEY_ITEM = 'sift.apiKey';
const SETTINGS_ITEM = 'sift.settings';

export interface SettingsDraft {
  apiKey: string;
  baseUrl: string;
  model: string;
  remember: boolean;
  /** Claude is shown each chart it draws as an image and may fix it once. */
  chartCheck: boolean;
  newFiles: NewFiles;
}

export class Settings {
  apiKey = $state('');
  baseUrl = $state(DEFAULT_BASE_URL);
  model = $state(DEFAULT_MODEL);
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
  /** What the person was doing when asked for a key, to carry on with once it is saved. */
  #resume: (() => void) | null = null;
  #client: AnthropicModelClient | null = null;
  readonly #store: Preferences | null;
  readonly #makeClient: (config: ModelConfig) => AnthropicModelClient;

  constructor(
    store: Preferences | null,
    makeClient: (config: ModelConfig) => AnthropicModelClient,
  ) {
    this.#store = store;
    this.#makeClient = makeClient;
    const key = store?.get(KEY_ITEM);
    if (key) {
      this.apiKey = key;
      this.remember = true;
    }
    try {
      const saved = JSON.parse(store?.get(SETTINGS_ITEM) ?? '{}') as Partial<SettingsDraft>;
      if (typeof saved.baseUrl === 'string') this.baseUrl = saved.baseUrl;
      if (typeof saved.model === 'string') this.model = saved.model;
      if (typeof saved.chartCheck === 'boolean') this.chartCheck = saved.chartCheck;
      if (NEW_FILES.includes(saved.newFiles as string)) this.newFiles = saved.newFiles!;
    } catch {
      // Unreadable settings are replaced at the next save.
    }
    if (this.apiKey) void this.refreshModels();
  }

  draft(): SettingsDraft {
    return {
      apiKey: this.apiKey,
      baseUrl: this.baseUrl,
      model: this.model,
      remember: this.remember,
      chartCheck: this.chartCheck,
      newFiles: this.newFiles,
    };
  }

  get hasKey(): boolean {
    return this.apiKey.trim().length > 0;
  }

  /** Applies the panel's values; returns an error message, or null when they were saved. */
  save(draft: SettingsDraft): string | null {
    const base = checkBaseUrl(draft.baseUrl);
    if (!base.ok) return base.message;
    const keyChanged = draft.apiKey.trim() !== this.apiKey || base.url !== this.baseUrl;
    this.apiKey = draft.apiKey.trim();
    this.baseUrl = base.url;
    this.model = draft.model.trim() || DEFAULT_MODEL;
    this.remember = draft.remember;
    this.chartCheck = draft.chartCheck;
    this.newFiles = draft.newFiles;
    const store = this.#store;
    if (this.remember && this.apiKey) store?.set(KEY_ITEM, this.apiKey);
    else store?.remove(KEY_ITEM);
    this.#keep();
    if (keyChanged) {
      this.#client = null;
      if (this.apiKey) void this.refreshModels();
    }
    this.prompt = null;
    // Saved, the panel closes (the models this key can use are listed meanwhile, for next time).
    this.open = false;
    const resume = this.#resume;
    this.#resume = null;
    if (resume && this.hasKey) resume();
    return null;
  }

  /** "Remember my choice" under the question where new files go: kept at once, no Save. */
  rememberNewFiles(choice: NewFiles): void {
    this.newFiles = choice;
    this.#keep();
  }

  /** Writes what is always remembered (never the key). */
  #keep(): void {
    const { baseUrl, model, chartCheck, newFiles } = this;
    this.#store?.set(SETTINGS_ITEM, JSON.stringify({ baseUrl, model, chartCheck, newFiles }));
  }

  /** Opens the panel to ask for a key, then runs `resume` once one is saved. */
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
    this.models = FALLBACK_MODELS;
    this.modelsMessage = null;
  }

  client(): AnthropicModelClient {
    this.#client ??= this.#makeClient({ apiKey: this.apiKey, baseURL: this.baseUrl });
    return this.#client;
  }

  async refreshModels(): Promise<void> {
    this.modelsLoading = true;
    try {
      const listed = await this.client().listModels();
      if (listed.length === 0) throw new Error('The Models API listed no models.');
      this.models = listed;
      this.modelsMessage = null;
    } catch (e) {
      this.models = FALLBACK_MODELS;
      this.modelsMessage = `Could not list the models: ${e instanceof Error ? e.message : String(e)} A built-in list is shown instead.`;
    } finally {
      this.modelsLoading = false;
    }
  }
}
