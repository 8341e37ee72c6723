import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../src/core/model/conversation.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import type { Message } from '../../src/core/model/messages.ts';
import { checkHistory } from '../../src/core/model/messages-schema.ts';
import {
  ArchiveError,
  buildArchive,
  readArchive,
  type ArchiveInput,
} from '../../src/core/session/archive.ts';
import { tid } from '../helpers/ids.ts';

const t = tid('turn-1');
const session = { title: 'Rainfall', titleSource: 'file' as const, createdAt: 1, updatedAt: 2 };
const binary = new Uint8Array(256).map((_, i) => 255 - i);
const csvText = 'stadt,regen_mm\nMünchen,12.5\n東京,3\n';
const files = () => [
  new File([binary], 'raw.bin', { type: 'application/octet-stream' }),
  new File([csvText], 'städte.csv', { type: 'text/csv' }),
];

const events: AgentEvent[] = [
  { type: 'turn_start', turnId: t, kind: 'question', question: 'Wo?', model: 'm', at: 5 },
  { type: 'tool_call', turnId: t, callId: 'c1', tool: 'sql_query', input: { sql: 'select 1' } },
  { type: 'table', turnId: t, callId: 'c1', title: 'R', headers: ['s'], rows: [['東京'], [null]] },
  { type: 'text', turnId: t, callId: 'c2', text: 'München 🌧 führt.' },
  { type: 'done', turnId: t, state: 'done', at: 9 },
];

type Content<R> = Extract<Message, { role: R }>['content'];
const user = (...content: Content<'user'>): Message => ({ role: 'user', content });
const assistant = (...content: Content<'assistant'>): Message => ({ role: 'assistant', content });
const call = (id: string) => ({ type: 'tool_use' as const, id, name: 'sql', input: { q: 1 } });
const result = (id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: 'ok' });
const text = (s: string) => ({ type: 'text' as const, text: s });
const thought = { type: 'thinking' as const, thinking: 'hm', signature: 's' };

const history: Conversation = {
  messages: [
    user(text('Wo?')),
    assistant(thought, text('.'), call('a'), call('b')),
    user(result('a'), { ...result('b'), is_error: true }),
    assistant({ type: 'redacted_thinking', data: 'xx' }, text('München.')),
    user({ ...text('Und 2024?'), cache_control: { type: 'ephemeral' } }),
    assistant(call('c')),
    user(result('c'), text('[stopped]'), text('Weiter?')),
    assistant(text('Ja.')),
  ],
  turnStarts: [0, 4, 6, 6],
  lastInputTokens: 1234,
};

const input = (over: Partial<ArchiveInput> = {}): ArchiveInput => ({
  session,
  tables: files().map((file, i) => ({ name: ['raw', 'staedte'][i]!, file })),
  events,
  history,
  exportedAt: 42,
  ...over,
});

const bytesOf = async (b: Blob) => new Uint8Array(await b.arrayBuffer());

/** The container written by hand from the format's description, not by buildArchive. */
function container(manifest: unknown, parts: BlobPart[] = [], version = '1'): Blob {
  const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
  const json = new TextEncoder().encode(text);
  const head = `SIFT-SESSION ${version}\n${String(json.length).padStart(12, '0')}\n`;
  return new Blob([head, json, ...parts]);
}

/** A valid manifest, with one 3-byte table, to spoil one field at a time. */
const manifest = (over: Record<string, unknown> = {}) => {
  const tables = [{ name: 't', fileName: 't.csv', type: 'text/csv', bytes: 3 }];
  const head = { format: 'sift-session', version: 1, exportedAt: 42, session };
  return { ...head, tables, events, history, ...over };
};

async function refusal(blob: Blob): Promise<string> {
  const error: unknown = await readArchive(blob).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ArchiveError);
  expect((error as ArchiveError).name).toBe('ArchiveError');
  return (error as ArchiveError).message;
}

afterEach(() => vi.restoreAllMocks());

describe('an exported session read back', () => {
  it('keeps the files byte for byte, their names and types, the events and the history', async () => {
    const blob = buildArchive(input());
    expect(blob.type).toBe('application/x-sift-session');
    const { manifest, files: out } = await readArchive(blob);
    expect(out.map((f) => [f.name, f.type, f.size])).toEqual([
      ['raw.bin', 'application/octet-stream', 256],
      ['städte.csv', 'text/csv', new TextEncoder().encode(csvText).length],
    ]);
    expect(out[0]).toBeInstanceOf(File);
    expect(await bytesOf(out[0]!)).toEqual(binary);
    expect(await out[1]!.text()).toBe(csvText);
    expect(manifest.tables.map((x) => x.name)).toEqual(['raw', 'staedte']);
    expect(manifest.session).toEqual(session);
    expect(manifest.exportedAt).toBe(42);
    expect(manifest.events).toEqual(events);
    expect(manifest.history).toEqual(history);
  });

  it('measures the manifest in bytes, so multi-byte titles and texts survive', async () => {
    const title = 'Niederschlag – Städte 東京 🌧';
    const blob = buildArchive(input({ session: { ...session, title } }));
    const head = new TextDecoder().decode((await bytesOf(blob)).slice(0, 28));
    expect(head.slice(0, 15)).toBe('SIFT-SESSION 1\n');
    const length = Number(head.slice(15, 27));
    expect(head[27]).toBe('\n');
    expect(length).toBe(blob.size - 28 - 256 - new TextEncoder().encode(csvText).length);
    const { manifest } = await readArchive(blob);
    expect(manifest.session.title).toBe(title);
    expect(manifest.events[3]).toEqual(events[3]);
  });

  it('reads only the header and the manifest, never the data files', async () => {
    const big = new File([new Uint8Array(5_000_000)], 'big.parquet');
    const blob = buildArchive(input({ tables: [{ name: 'big', file: big }] }));
    const read = vi.spyOn(Blob.prototype, 'arrayBuffer');
    const text = vi.spyOn(Blob.prototype, 'text');
    const { files: out } = await readArchive(blob);
    const sizes = read.mock.contexts.map((b) => (b as Blob).size);
    expect(Math.max(...sizes)).toBeLessThan(100_000);
    expect(text.mock.contexts.every((b) => (b as Blob).size < 100_000)).toBe(true);
    expect(out[0]!.size).toBe(5_000_000);
  });

  it("keeps a sheet's name and the encoding the person chose for a table", async () => {
    const [raw, csv] = files();
    const blob = buildArchive(
      input({
        tables: [
          { name: 'raw', file: raw!, sheet: 'Sheet 1' },
          { name: 'staedte', file: csv!, encoding: 'windows-1250' },
        ],
      }),
    );
    const { manifest } = await readArchive(blob);
    expect(manifest.tables.map((t) => [t.sheet, t.encoding])).toEqual([
      ['Sheet 1', undefined],
      [undefined, 'windows-1250'],
    ]);
  });

  it('keeps a session without tables or turns', async () => {
    const history = { messages: [], turnStarts: [], lastInputTokens: null };
    const blob = buildArchive(input({ tables: [], events: [], history }));
    expect((await readArchive(blob)).files).toEqual([]);
  });
});

describe('a file that is refused', () => {
  const cut = async (end: number) =>
    new Blob([(await bytesOf(buildArchive(input()))).slice(0, end)]);
  const spoilt = (over: Record<string, unknown>, tail = 'abc') => container(manifest(over), [tail]);
  const table = (name: string, fileName = 't.csv', bytes = 3) => ({
    name,
    fileName,
    type: '',
    bytes,
  });
  const broken = { messages: [user(text('q')), assistant(call('x'))], turnStarts: [0] };
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0xff, 0xfe]);
  const notUtf8 = new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
  const csv = new File(['city,rain\nOslo,3\n'], 'rain.csv', { type: 'text/csv' });

  const cases: [string, () => Blob | Promise<Blob>, RegExp][] = [
    ['is empty', () => new Blob([]), /^The file is empty\.$/],
    ['is not a Sift session at all', () => new Blob([zip]), /^The file is not a Sift session/],
    ['is a CSV picked by mistake', () => csv, /^The file "rain\.csv" is not a Sift session.*CSV/],
    [
      'comes from a newer Sift, by its container',
      () => container(manifest(), ['abc'], '2'),
      /^This session was exported by a newer version of Sift \(format 2;/,
    ],
    ['comes from a newer Sift, by its manifest', () => spoilt({ version: 3 }), /newer.*format 3;/],
    [
      'is cut off in its data',
      () => cut(-100),
      /truncated, with 100 bytes of its data files missing/,
    ],
    ['lacks its last byte', () => cut(-1), /truncated, with 1 byte of its data files missing/],
    ['has bytes beyond its data', () => spoilt({}, 'abcde'), /2 bytes more than its data files/],
    ['is cut off inside the manifest', () => cut(40), /ends inside the session description/],
    ['is cut off inside the length', () => cut(20), /ends inside its header/],
    ['is cut off inside the magic', () => cut(8), /ends inside its header/],
    [
      'has an unreadable manifest length',
      () => new Blob(['SIFT-SESSION 1\n00000000x012\n{}']),
      /damaged: the length of its session description is unreadable/,
    ],
    ['has a manifest that is not JSON', () => container('{"format": '), /is not valid JSON/],
    [
      'has a manifest that is not UTF-8',
      () => new Blob(['SIFT-SESSION 1\n000000000006\n', notUtf8]),
      /is not valid UTF-8/,
    ],
    [
      'has an event the schema refuses',
      () => spoilt({ events: [events[0], { type: 'text', turnId: t, callId: 'c', text: 7 }] }),
      /^This session file's contents do not check out:\nevents\[1\]\.text: /,
    ],
    [
      'has a tool call without a result',
      () => spoilt({ history: { ...history, ...broken } }),
      /^The session's history is inconsistent: a tool call has no result/,
    ],
    [
      'names two tables the same, in different case',
      () => spoilt({ tables: [table('Sales', 'a', 1), table('sales', 'b', 2)] }),
      /tables\[1\]\.name: two tables are named "sales"/,
    ],
    ['has a control character in a name', () => spoilt({ tables: [table('a\0b')] }), /\[0\]\.name/],
    ['has too long a file name', () => spoilt({ tables: [table('t', 'x'.repeat(256))] }), /fileN/],
  ];
  it.each(cases)('%s', async (_, make, message) => {
    expect(await refusal(await make())).toMatch(message);
  });

  it('sums up many problems in at most three short lines', async () => {
    const bad = spoilt({ events: Array.from({ length: 50 }, () => ({ type: 'nope', turnId: t })) });
    const lines = (await refusal(bad)).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((l) => l.length <= 140)).toBe(true);
    expect(lines[1]).toMatch(/^events\[0\]\.type: /);
    expect(lines[3]).toMatch(/\(and 47 more problems\)$/);
    const untitled = spoilt({ session: { ...session, title: undefined } });
    expect(await refusal(untitled)).toMatch(/\nsession\.title: missing$/);
  });
});

describe('buildArchive', () => {
  it('refuses a manifest holding something that looks like an API key, without repeating it', () => {
    const key = 'sk-ant-api03-AbCdEfGhIjKlMnOp_qrstuv-1234567890';
    const leaky = [...events, { type: 'status' as const, turnId: t, message: `key ${key}` }];
    expect(() => buildArchive(input({ events: leaky }))).toThrow(ArchiveError);
    expect(() => buildArchive(input({ events: leaky }))).toThrow(/events\[5\]\.message .*API key/);
    expect(() => buildArchive(input({ events: leaky }))).not.toThrow(/AbCdEf/);
    expect(() => buildArchive(input({ session: { ...session, title: key } }))).toThrow(/API key/);
  });

  it('refuses what readArchive would refuse: an open tool call, duplicate table names', () => {
    // A turn still running: the last reply's tool call has not been answered yet.
    const open = { ...history, messages: [...history.messages.slice(0, -1), assistant(call('z'))] };
    expect(() => buildArchive(input({ history: open }))).toThrow(/a tool call has no result/);
    const [a, b] = files();
    const tables = [a!, b!].map((file) => ({ name: 'same', file }));
    expect(() => buildArchive(input({ tables }))).toThrow(/two tables are named "same"/);
  });
});

describe('checkHistory', () => {
  const [u, a, r] = [user, assistant, result];
  const q = text('q');

  it('accepts a multi-turn history with tool calls, and an empty one', () => {
    expect(checkHistory(history)).toBeNull();
    expect(checkHistory({ messages: [], turnStarts: [], lastInputTokens: null })).toBeNull();
    expect(checkHistory({ messages: [u(q)], turnStarts: [0], lastInputTokens: 5 })).toBeNull();
  });

  const broken: [string, Message[], number[], RegExp][] = [
    ['opens with the assistant', [a(q)], [], /the first message is not from the user/],
    ['has two user messages in a row', [u(q), u(q)], [0], /message 2 follows another user/],
    ['has two replies in a row', [u(q), a(q), a(q)], [0], /roles must alternate/],
    ['ends on an unanswered call', [u(q), a(call('x'))], [0], /a tool call has no result/],
    ['answers one call of two', [u(q), a(call('x'), call('y')), u(r('x'))], [0], /"y"/],
    // The result must be in the very next message, not a later one.
    ['answers a call late', [u(q), a(call('x')), u(q), a(q), u(r('x'))], [0], /no result/],
    ['answers a call never made', [u(r('x'))], [0], /message 1 has a tool result for "x"/],
    ['answers an unknown id', [u(q), a(call('x')), u(r('x'), r('w'))], [0], /for "w", which/],
    ['answers a call twice', [u(q), a(call('x')), u(r('x'), r('x'))], [0], /"x" twice/],
    ['repeats a call id', [u(q), a(call('x'), call('x')), u(r('x'))], [0], /two tool calls/],
    ['starts a turn past the end', [u(q), a(q), u(q)], [0, 3], /turn 2 .* only 3 messages/],
    ['starts a turn before the start', [u(q)], [-1], /not a message index/],
    ['starts a turn on a reply', [u(q), a(q), u(q)], [0, 1], /not a user message/],
    ['has turns out of order', [u(q), a(q), u(q)], [2, 0], /before the turn ahead of it/],
  ];
  it.each(broken)('rejects a history that %s', (_, messages, turnStarts, problem) => {
    expect(checkHistory({ messages, turnStarts, lastInputTokens: null })).toMatch(problem);
  });
});
