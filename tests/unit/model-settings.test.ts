/**
 * Where the model runs, as the settings hold it (issue 32): a local server needs no key and is
 * sent none, a model that cannot call tools is refused, the window the person sets wins over the
 * server's, and settings kept by an older Sift or edited by hand are read field by field.
 */
import { describe, expect, it } from 'vitest';
import { readSaved } from '../../src/core/model/saved-settings.ts';
import { cloudModelHost, whereDataGoes } from '../../src/core/model/provider.ts';
import { LocalServerList } from '../../src/state/local-servers.svelte.ts';
import type { LocalServer, ModelConfig } from '../../src/state/ports.ts';
import { Settings } from '../../src/state/settings.svelte.ts';
import { memoryPreferences, TEST_SETTINGS } from '../helpers/test-platform.ts';

const OLLAMA: LocalServer = {
  url: 'http://localhost:11434',
  name: 'Ollama',
  models: [
    {
      id: 'gemma:2b',
      displayName: 'gemma:2b',
      traits: { contextWindow: 8192, tools: false, vision: false },
    },
    {
      id: 'qwen3:8b',
      displayName: 'qwen3:8b',
      traits: { contextWindow: 4096, tools: true, vision: false },
    },
  ],
};

function settings(preferences = memoryPreferences()) {
  const configs: ModelConfig[] = [];
  const local = new LocalServerList({ find: async () => [OLLAMA], read: async () => OLLAMA });
  const made = new Settings(
    preferences,
    (config) => {
      configs.push(config);
      return { complete: async () => Promise.reject(new Error('no')), listModels: async () => [] };
    },
    local,
  );
  return { settings: made, configs, local, preferences };
}

describe('model settings', () => {
  it('a local model needs no key, is sent none, and says nothing leaves the computer', async () => {
    const { settings: s, configs, local } = settings();
    expect(s.ready).toBe(false);
    await local.find();
    const draft = {
      ...TEST_SETTINGS,
      apiKey: 'sk-kept',
      provider: 'local' as const,
      localUrl: OLLAMA.url,
    };
    expect(s.save({ ...draft, model: 'gemma:2b' })).toContain('gemma:2b cannot call tools');
    expect(s.save({ ...draft, model: 'qwen3:8b' })).toBeNull();
    expect(s.ready).toBe(true);
    expect(s.dataGoes).toEqual({ leaves: false, text: 'Nothing leaves this computer' });
    expect(s.traits).toEqual({ contextWindow: 4096, tools: true, vision: false });
    s.client();
    expect(configs.at(-1)).toEqual({ apiKey: '', baseURL: OLLAMA.url, provider: 'local' });

    expect(s.save({ ...draft, model: 'qwen3:8b', localWindow: 16_384 })).toBeNull();
    expect(s.traits.contextWindow).toBe(16_384);
  });

  it('only an address on this computer is a local server; one whose window is unknown is sized small', async () => {
    const { settings: s, local } = settings();
    const draft = { ...TEST_SETTINGS, provider: 'local' as const, model: 'qwen3:8b' };
    expect(s.save({ ...draft, localUrl: '' })).toContain('Type the address');
    expect(s.save({ ...draft, localUrl: 'http://192.168.1.5:11434' })).toContain(
      'not on this computer',
    );
    expect(await local.read('https://api.anthropic.com')).toBe(false);
    expect(local.problem?.message).toContain('not on this computer');
    // Saved before its server was read: no window known, so Ollama's default, never Claude's.
    expect(s.save({ ...draft, localUrl: 'http://127.0.0.1:8080', model: 'unlisted' })).toBeNull();
    expect(s.traits.contextWindow).toBe(4096);
  });

  it('a gateway on this computer may pass the data on: it is not said to keep it here', () => {
    const { settings: s } = settings();
    s.save({ ...TEST_SETTINGS, provider: 'gateway', gatewayUrl: 'http://localhost:4000' });
    expect(s.dataGoes).toEqual({ leaves: true, text: 'Query results go to localhost:4000' });
  });

  it('Anthropic needs a key; a gateway is where the data goes', () => {
    const { settings: s } = settings();
    expect(s.save({ ...TEST_SETTINGS, apiKey: '' })).toBeNull();
    expect(s.ready).toBe(false);
    expect(
      s.save({
        ...TEST_SETTINGS,
        provider: 'gateway',
        apiKey: '',
        gatewayUrl: 'https://gw.example/',
      }),
    ).toBeNull();
    expect(s.ready).toBe(true);
    expect(s.baseUrl).toBe('https://gw.example');
    expect(s.dataGoes).toEqual({ leaves: true, text: 'Query results go to gw.example' });
    expect(
      s.save({ ...TEST_SETTINGS, provider: 'gateway', gatewayUrl: 'http://gw.example' }),
    ).toContain('https://');
  });

  it('remembers where the model runs, never the key unless asked', () => {
    const preferences = memoryPreferences();
    const first = settings(preferences).settings;
    first.save({
      ...TEST_SETTINGS,
      provider: 'gateway',
      apiKey: 'sk-secret',
      gatewayUrl: 'https://gw.example',
    });
    expect([...preferences.values.values()].join()).not.toContain('sk-secret');
    const again = settings(preferences).settings;
    expect([again.provider, again.gatewayUrl, again.apiKey]).toEqual([
      'gateway',
      'https://gw.example',
      '',
    ]);
  });
});

describe('settings kept on this device', () => {
  it("an older Sift's gateway base URL becomes the gateway; Anthropic's stays Anthropic", () => {
    expect(readSaved(JSON.stringify({ baseUrl: 'https://gw.example', model: 'm' }))).toEqual({
      provider: 'gateway',
      gatewayUrl: 'https://gw.example',
      model: 'm',
    });
    expect(readSaved(JSON.stringify({ baseUrl: 'https://api.anthropic.com' }))).toEqual({});
  });

  it('keeps the fields that are right and drops the rest', () => {
    expect(
      readSaved(
        JSON.stringify({
          provider: 'elsewhere',
          localUrl: 'http://localhost:8080',
          localWindow: -3,
          chartCheck: false,
        }),
      ),
    ).toEqual({ localUrl: 'http://localhost:8080', chartCheck: false });
    expect(readSaved('not json')).toEqual({});
    expect(readSaved('[1,2]')).toEqual({});
  });
});

describe('settings that tell the truth before the question', () => {
  it('says at once that the page’s policy would refuse a gateway, and what to do', () => {
    const s = new Settings(
      memoryPreferences(),
      () => ({ complete: async () => Promise.reject(new Error('no')), listModels: async () => [] }),
      new LocalServerList({ find: async () => [], read: async () => OLLAMA }),
      (url) => url.startsWith('https://api.anthropic.com') || url.startsWith('https://ok.example'),
    );
    expect(s.gatewayBlocked('https://gateway.example.com/anthropic')).toBe(
      "This page's Content-Security-Policy does not allow connecting to https://gateway.example.com, so the browser would refuse the request. Start Sift with SIFT_CONNECT_SRC naming that origin (SIFT_CONNECT_SRC=https://gateway.example.com).",
    );
    expect(s.gatewayBlocked('https://ok.example')).toBeNull();
    // Not an address yet: nothing to say.
    expect(s.gatewayBlocked('https://')).toBeNull();
  });

  it('is not ready to answer when the server on this computer does not answer', async () => {
    let up = true;
    const prefs = memoryPreferences();
    const local = new LocalServerList({
      find: async () => [OLLAMA],
      read: async () => {
        if (!up) throw new Error('Nothing answers at http://localhost:11434.');
        return OLLAMA;
      },
    });
    const make = () =>
      new Settings(
        prefs,
        () => ({
          complete: async () => Promise.reject(new Error('no')),
          listModels: async () => [],
        }),
        local,
      );
    const s = make();
    await local.find();
    expect(
      s.save({ ...TEST_SETTINGS, provider: 'local', localUrl: OLLAMA.url, model: 'qwen3:8b' }),
    ).toBeNull();
    expect([s.ready, s.reachable]).toEqual([true, true]);
    // The next visit, with the server stopped: saved, but not answering.
    up = false;
    const next = make();
    await next.checkLocal();
    expect([next.ready, next.reachable, next.localAnswers]).toEqual([true, false, false]);
    up = true;
    await next.checkLocal();
    expect(next.reachable).toBe(true);
  });
});

describe('where data goes follows the model, not the address (issue 46)', () => {
  it('says an Ollama cloud model sends query results away, though its server is on this computer', async () => {
    const cloud = {
      ...OLLAMA,
      models: [
        ...OLLAMA.models,
        {
          id: 'gpt-oss:120b-cloud',
          displayName: 'gpt-oss:120b-cloud',
          traits: { contextWindow: 131072, tools: true, vision: false },
          remoteHost: 'https://ollama.com:443',
        },
      ],
    };
    const local = new LocalServerList({ find: async () => [cloud], read: async () => cloud });
    const s = new Settings(
      memoryPreferences(),
      () => ({ complete: async () => Promise.reject(new Error('no')), listModels: async () => [] }),
      local,
    );
    await local.find();
    const draft = { ...TEST_SETTINGS, provider: 'local' as const, localUrl: OLLAMA.url };
    expect(s.save({ ...draft, model: 'qwen3:8b' })).toBeNull();
    expect(s.dataGoes).toEqual({ leaves: false, text: 'Nothing leaves this computer' });
    expect(s.save({ ...draft, model: 'gpt-oss:120b-cloud' })).toBeNull();
    expect(s.dataGoes).toEqual({
      leaves: true,
      text: 'Query results go to ollama.com, through the server on this computer',
    });
  });

  it('takes a model named …-cloud to run at ollama.com before its server has said', () => {
    expect(
      whereDataGoes('http://localhost:11434', 'local', cloudModelHost('kimi-k2:1t-cloud')),
    ).toMatchObject({
      leaves: true,
    });
    expect(cloudModelHost('qwen3:8b')).toBeNull();
  });
});
