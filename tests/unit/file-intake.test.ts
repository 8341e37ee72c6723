/**
 * Where brought files go (state/file-intake.svelte.ts, issue 28): an empty session takes them
 * without a question; a session with tables asks, and loads nothing until answered; a remembered
 * answer is followed without asking; Cancel loads nothing; "New session" leaves the open session
 * before the files load. Then, through the composition root, the answer is kept in the page's
 * preferences and a new session holds only the new file's table.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import type { TableInfo } from '../../src/core/data/engine.ts';
import type { Room } from '../../src/core/data/room.ts';
import { FileIntake, type Destination } from '../../src/state/file-intake.svelte.ts';
import type { NewFiles } from '../../src/state/settings.svelte.ts';
import { memoryPreferences, testPlatform, until } from '../helpers/test-platform.ts';

const table = (name: string) => ({ name }) as TableInfo;
const file = (name: string) => new File(['a,b\n1,2\n'], name);

/** An intake over a workspace that holds `tables`, recording what happens in order. */
function intakeWith(
  tables: string[],
  newFiles: NewFiles = 'ask',
  readOnly = false,
  room: Room | null = null,
) {
  const steps: string[] = [];
  const remembered: Destination[] = [];
  const session = { readOnly, id: 'first' as string | null };
  const workspace = {
    tables: tables.map(table),
    failures: [] as unknown[],
    /** What the intake said while the files were being read. */
    warnedDuringLoad: null as string | null,
    loadFiles: async (files: File[]) => {
      steps.push(`load ${files.map((f) => f.name).join(' ')}`);
      await new Promise((r) => setTimeout(r, 10));
      workspace.warnedDuringLoad = intake.roomWarning;
      return files.map((f) => table(f.name.replace(/\..*/, '')));
    },
    refuse: (names: string[], reason: string) =>
      void steps.push(`refuse ${names.join(' ')}: ${reason}`),
  };
  /** Where the sample comes from: the app's own origin, which a test may take away. */
  const origin = { sample: async () => file('weather.csv') };
  const preference = {
    newFiles,
    rememberNewFiles: (choice: Destination) => void remembered.push(choice),
  };
  const intake = new FileIntake({
    workspace,
    preference,
    newSession: async () => {
      steps.push('new session');
      workspace.tables = [];
      session.readOnly = false;
      session.id = null;
    },
    readOnly: () => session.readOnly,
    session: () => session.id,
    ready: async () => undefined,
    room: async () => room,
    sample: () => origin.sample(),
  });
  return { intake, steps, remembered, workspace, origin, session };
}

/** A file that says it is `size` bytes long. */
const sized = (name: string, size: number) =>
  Object.defineProperty(new File([''], name), 'size', { value: size });

describe('FileIntake', () => {
  it('loads into an empty session without asking, and moves no view', async () => {
    const { intake, steps } = intakeWith([]);
    await intake.take([file('orders.csv')]);
    expect(intake.waiting).toBeNull();
    expect(steps).toEqual(['load orders.csv']);
    expect(intake.shown).toBeNull();
  });

  it('asks while the session has tables, and loads nothing until answered', async () => {
    const { intake, steps } = intakeWith(['data']);
    await intake.take([file('orders.csv')]);
    expect(intake.waiting?.map((f) => f.name)).toEqual(['orders.csv']);
    // A second drop meanwhile waits for the same answer.
    await intake.take([file('customers.csv')]);
    expect(intake.waiting?.map((f) => f.name)).toEqual(['orders.csv', 'customers.csv']);
    expect(steps).toEqual([]);

    await intake.choose('add', false);
    expect(intake.waiting).toBeNull();
    expect(steps).toEqual(['load orders.csv customers.csv']);
    expect(intake.shown).toEqual({ table: 'orders' });
  });

  it('asks nothing while another tab writes this session, and says why the files are not read', async () => {
    for (const newFiles of ['ask', 'new'] as const) {
      const { intake, steps } = intakeWith(['data'], newFiles, true);
      await intake.take([file('orders.csv')]);
      expect(intake.waiting).toBeNull();
      expect(steps).toEqual([
        'refuse orders.csv: This session is open in another tab: add files there, or start a new session.',
      ]);
    }
  });

  it('starts a new session before loading when the answer is "New session"', async () => {
    const { intake, steps, remembered } = intakeWith(['data']);
    await intake.take([file('orders.csv')]);
    await intake.choose('new', false);
    expect(steps).toEqual(['new session', 'load orders.csv']);
    expect(remembered).toEqual([]);
    expect(intake.shown).toEqual({ table: 'orders' });
  });

  it('keeps the answer when asked to remember it', async () => {
    const { intake, remembered } = intakeWith(['data']);
    await intake.take([file('orders.csv')]);
    await intake.choose('new', true);
    expect(remembered).toEqual(['new']);
  });

  it('follows a remembered "add" without asking', async () => {
    const { intake, steps } = intakeWith(['data'], 'add');
    await intake.take([file('orders.csv')]);
    expect(intake.waiting).toBeNull();
    expect(steps).toEqual(['load orders.csv']);
    expect(intake.shown).toEqual({ table: 'orders' });
  });

  it('follows a remembered "new session" without asking', async () => {
    const { intake, steps } = intakeWith(['data'], 'new');
    await intake.take([file('orders.csv')]);
    expect(intake.waiting).toBeNull();
    expect(steps).toEqual(['new session', 'load orders.csv']);
  });

  it('asks only in the session it was asked in, and again on coming back there', async () => {
    const { intake, steps, session } = intakeWith(['data']);
    await intake.take([file('orders.csv')]);
    session.id = 'second';
    expect(intake.waiting).toBeNull();
    session.id = 'first';
    expect(intake.waiting?.map((f) => f.name)).toEqual(['orders.csv']);
    // A file brought to another session is asked about there, alone.
    session.id = 'second';
    await intake.take([file('customers.csv')]);
    expect(intake.waiting?.map((f) => f.name)).toEqual(['customers.csv']);
    await intake.choose('add', false);
    expect(steps).toEqual(['load customers.csv']);
  });

  it('loads nothing when the question is cancelled', async () => {
    const { intake, steps, remembered } = intakeWith(['data']);
    await intake.take([file('orders.csv')]);
    intake.cancel();
    await intake.choose('add', true);
    expect(intake.waiting).toBeNull();
    expect(steps).toEqual([]);
    expect(remembered).toEqual([]);
  });

  it('brings the sample as a dropped file: asked about when the session has tables', async () => {
    const { intake, steps } = intakeWith(['data']);
    await intake.takeSample();
    expect(intake.waiting?.map((f) => f.name)).toEqual(['weather.csv']);
    await intake.choose('new', false);
    expect(steps).toEqual(['new session', 'load weather.csv']);
    expect(intake.shown).toEqual({ table: 'weather' });
  });

  it('says in plain words when the sample cannot be fetched, and asks nothing', async () => {
    const { intake, steps, origin } = intakeWith(['data']);
    origin.sample = async () => {
      throw new Error('Failed to fetch');
    };
    await intake.takeSample();
    expect(intake.waiting).toBeNull();
    expect(steps).toEqual(['refuse weather.csv: The sample could not be fetched: Failed to fetch']);
  });

  it('shows no table when every file failed', async () => {
    const failing = new FileIntake({
      workspace: {
        tables: [table('data')],
        failures: [],
        loadFiles: async () => [],
        refuse: () => undefined,
      },
      readOnly: () => false,
      session: () => null,
      preference: { newFiles: 'add', rememberNewFiles: () => undefined },
      newSession: async () => undefined,
      ready: async () => undefined,
      room: async () => null,
      sample: async () => file('weather.csv'),
    });
    await failing.take([file('broken.csv')]);
    expect(failing.shown).toBeNull();
  });
});

describe('the warning before a load (issue 30)', () => {
  const GB = 1024 ** 3;
  const tightDisk: Room = { storage: 'file', memoryLimitBytes: 3.1 * GB, storageFreeBytes: 2 * GB };

  it('says while the file is read that it may not fit, then goes once it loaded', async () => {
    const { intake, workspace } = intakeWith([], 'ask', false, tightDisk);
    await intake.take([sized('orders.csv', 5 * GB)]);
    expect(workspace.warnedDuringLoad).toMatch(
      /^At 5\.00 GB, this file may not fit: .*about 6\.25 GB.*2\.00 GB more/,
    );
    expect(intake.roomWarning).toBeNull();
  });

  it('stays beside the failure of the load it warned of', async () => {
    const { intake, workspace } = intakeWith([], 'ask', false, tightDisk);
    workspace.failures = [{ fileName: 'orders.csv' }];
    await intake.take([sized('orders.csv', 5 * GB)]);
    expect(intake.roomWarning).toMatch(/may not fit/);
  });

  it('says nothing of a file that fits, or where the room is not known', async () => {
    for (const room of [tightDisk, { ...tightDisk, storageFreeBytes: null }, null]) {
      const { intake, workspace } = intakeWith([], 'ask', false, room);
      await intake.take([sized('orders.csv', room === tightDisk ? GB : 5 * GB)]);
      expect(workspace.warnedDuringLoad).toBeNull();
    }
  });

  it('in memory, names what the tab can give DuckDB', async () => {
    const inMemory: Room = {
      storage: 'memory',
      memoryLimitBytes: 3.1 * GB,
      storageFreeBytes: null,
    };
    const { intake, workspace } = intakeWith([], 'ask', false, inMemory);
    await intake.take([sized('orders.csv', 5 * GB)]);
    expect(workspace.warnedDuringLoad).toMatch(
      /^At 5\.00 GB, this file may need more memory than this browser tab can give DuckDB \(3\.10 GB\)/,
    );
    // The 2.6 GB CSV loaded in memory (ARCHITECTURE.md, Facts: after a failure): no warning.
    const fits = intakeWith([], 'ask', false, inMemory);
    await fits.intake.take([sized('orders.csv', 2.6 * GB)]);
    expect(fits.workspace.warnedDuringLoad).toBeNull();
  });
});

describe('FileIntake in the app', () => {
  it('makes a second session of the new file, and keeps a remembered answer on this device', async () => {
    const preferences = memoryPreferences();
    const app = createApp(testPlatform({ preferences }).platform);
    await until(() => app.sessions.started);
    await app.intake.take([await testPlatform().platform.fetchSample()]);
    await until(() => app.sessions.stored.items.length === 1);
    const first = app.sessions.active.id;

    await app.intake.take([file('orders.csv')]);
    expect(app.intake.waiting).not.toBeNull();
    await app.intake.choose('new', true);
    await until(() => app.sessions.stored.items.length === 2);
    expect(app.sessions.active.id).not.toBe(first);
    expect(app.sessions.active.meta?.title).toBe('orders.csv');
    expect(app.sessions.active.meta?.tables.map((t) => t.name)).toEqual(['data']);
    expect(app.workspace.tables.map((t) => t.fileName)).toEqual(['orders.csv']);

    // The next visit goes the same way without asking, and the settings panel shows the choice.
    const again = createApp(testPlatform({ preferences }).platform);
    expect(again.settings.newFiles).toBe('new');
    expect(again.settings.draft().newFiles).toBe('new');
  });

  it('asks about a file brought while the last session is reopened, with that session’s tables (regression)', async () => {
    // Before, the file was read at once and the reopening session's reset then emptied it: no
    // question, no table, no message.
    const stored = testPlatform();
    const first = createApp(stored.platform);
    await until(() => first.sessions.started);
    await first.intake.take([await stored.platform.fetchSample()]);
    await until(
      () => first.sessions.stored.items.length === 1 && first.workspace.tables.length === 1,
    );

    // The same browser's storage, a new page: the last session opens again.
    const reload = createApp(testPlatform({ factory: stored.factory }).platform);
    const taken = reload.intake.take([file('orders.csv')]);
    await until(() => reload.intake.waiting !== null);
    expect(reload.workspace.tables.map((t) => t.fileName)).toEqual(['weather.csv']);
    await reload.intake.choose('add', false);
    await taken;
    // Loaded into the reopened session (this test's engine names every table `data`).
    await until(() => reload.workspace.tables.some((t) => t.fileName === 'orders.csv'));
    expect(reload.sessions.stored.items).toHaveLength(1);
  });
});
