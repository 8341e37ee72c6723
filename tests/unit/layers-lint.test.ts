/**
 * The layers' allowlists (eslint.config.js, eslint/layers.js), on the imports issue 29 found
 * let through by the old denylist, and on imports each layer makes today.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer rule's complaints about `code` as if it were the file at `filePath`. */
async function refused(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'layers/imports').map((m) => m.message);
}

describe('layers by allowlist', () => {
  it.each([
    [
      'src/core/agent/x.ts',
      "import Anthropic from '@anthropic-ai/sdk';",
      /package @anthropic-ai\/sdk/,
    ],
    ['src/core/report/x.ts', "import { marked } from 'marked';", /package marked/],
    [
      'src/core/agent/x.ts',
      "import { openChannel } from '../../adapters/session-channel.ts';",
      /src\/adapters\/session-channel\.ts/,
    ],
    [
      'src/components/X.ts',
      "import { openDb } from '../adapters/session-db.ts';",
      /src\/adapters\/session-db\.ts/,
    ],
    [
      'src/components/X.ts',
      "import { startShell } from '../adapters/service-worker.ts';",
      /src\/adapters\/service-worker\.ts/,
    ],
    [
      'workers/x.ts',
      "import { store } from '../src/adapters/session-store.ts';",
      /src\/adapters\/session-store\.ts/,
    ],
    [
      'workers/x.ts',
      "import { Workspace } from '../src/state/workspace.svelte.ts';",
      /src\/state\//,
    ],
    [
      'src/state/x.ts',
      "import type { SessionStore } from '../adapters/session-store.ts';",
      /src\/adapters\/session-store\.ts/,
    ],
    ['src/state/x.ts', "import { openDB } from 'idb';", /package idb/],
    [
      'src/adapters/x.ts',
      "import { Workspace } from '../state/workspace.svelte.ts';",
      /src\/state\/workspace/,
    ],
    [
      'src/state/x.ts',
      "type S = import('../adapters/session-store.ts').SessionStore;",
      /src\/adapters\/session-store\.ts/,
    ],
    ['src/state/x.ts', "type D = typeof import('idb');", /package idb/],
    ['src/core/agent/x.ts', "const m = import(`../adapters/${'session-db'}.ts`);", /computed path/],
    // The core's folders in one order: data is below the SQL written over it (issue 47).
    [
      'src/core/data/x.ts',
      "import { quoteIdent } from '../sql/sql-text.ts';",
      /src\/core\/sql\/sql-text\.ts/,
    ],
    [
      'src/core/events/x.ts',
      "import type { Tool } from '../tools/tool.ts';",
      /src\/core\/tools\/tool\.ts/,
    ],
    [
      'src/core/notebook/x.ts',
      "import { z } from 'zod';",
      /src\/core\/notebook\/x\.ts is in no layer/,
    ],
    ['src/lib/x.ts', "import { openDB } from 'idb';", /src\/lib\/x\.ts is in no layer/],
  ])('refuses in %s: %s', async (file, code, named) => {
    const messages = await refused(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(named);
  });

  it.each([
    [
      'src/core/agent/x.ts',
      "import { z } from 'zod';\nimport type { ToolSet } from '../tools/tool-set.ts';",
    ],
    [
      'src/adapters/x.ts',
      "import type { HeldLock } from '../state/ports.ts';\nimport { openDB } from 'idb';",
    ],
    [
      'src/state/x.ts',
      "import { SvelteMap } from 'svelte/reactivity';\nimport type { Platform } from './ports.ts';",
    ],
    ['src/components/items/X.ts', "import { renderMarkdown } from '../../adapters/markdown.ts';"],
    [
      'workers/x.ts',
      "import { AsyncDuckDB } from '@duckdb/duckdb-wasm';\nimport wasm from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';",
    ],
  ])('allows in %s: %s', async (file, code) => {
    expect(await refused(file, code)).toEqual([]);
  });

  it("keeps Sift's list of tools to the tools and the composition root", async () => {
    const registry = "import { SIFT_TOOLS } from '../tools/registry.ts';\nexport { SIFT_TOOLS };\n";
    const [agent] = await eslint.lintText(registry, { filePath: 'src/core/agent/x.ts' });
    expect(agent!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [tools] = await eslint.lintText(registry, { filePath: 'src/core/tools/x.ts' });
    expect(tools!.messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports');
  });

  it('judges paths from the repository, wherever ESLint runs', async () => {
    const fromSrc = new ESLint({ cwd: `${process.cwd()}/src` });
    const [result] = await fromSrc.lintText(
      "import Anthropic from '@anthropic-ai/sdk';\nexport {};\n",
      {
        filePath: 'core/agent/x.ts',
      },
    );
    expect(result!.messages.map((m) => m.ruleId)).toContain('layers/imports');
  });

  it('lets an adapter import the state ports for their types only', async () => {
    const messages = await refused(
      'src/adapters/x.ts',
      "import { thing } from '../state/ports.ts';",
    );
    expect(messages).toHaveLength(1);
  });
});
