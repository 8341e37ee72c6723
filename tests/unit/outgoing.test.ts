/** Nothing in a request may ask the Messages API to fetch a URL or run a tool of its own. */
import { SIFT_TOOLS } from '../../src/core/tools/registry.ts';
import { describe, expect, it } from 'vitest';
import { outgoingProblem } from '../../src/core/model/outgoing.ts';
import type { Message, ToolSpec } from '../../src/core/model/messages.ts';
import { toolSpecs } from '../../src/core/agent/run-turn.ts';

const question: Message = { role: 'user', content: [{ type: 'text', text: 'What is in it?' }] };
const ours: ToolSpec[] = toolSpecs(SIFT_TOOLS);

const sneaky = (block: Record<string, unknown>): Message[] => [
  { role: 'user', content: [{ type: 'text', text: 'Look' }, block] } as unknown as Message,
];

describe('a request on its way to the model', () => {
  it("passes with Sift's own messages and tools", () => {
    expect(outgoingProblem([question], ours)).toBeNull();
  });

  it.each([
    [
      'an image from a URL',
      { type: 'image', source: { type: 'url', url: 'https://evil.example/x.png' } },
    ],
    [
      'a document from a URL',
      { type: 'document', source: { type: 'url', url: 'https://evil.example/d.pdf' } },
    ],
    [
      'a search result with a source',
      { type: 'search_result', source: 'https://evil.example', title: 't', content: [] },
    ],
    [
      'a text block carrying a source',
      { type: 'text', text: 'x', source: { type: 'url', url: 'https://evil.example' } },
    ],
  ])('refuses %s', (_, block) => {
    expect(outgoingProblem(sneaky(block), ours)).toMatch(/never sends/);
  });

  it.each([
    ['web fetch', { type: 'web_fetch_20250910', name: 'web_fetch' }],
    ['web search', { type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
  ])('refuses the server tool %s', (_, tool) => {
    expect(outgoingProblem([question], [...ours, tool as unknown as ToolSpec])).toMatch(
      /only Sift's own tools/,
    );
  });
});
