/**
 * The worker's two lanes: what someone waits for goes before background work, background work
 * running when it arrives is asked to yield and runs again later, and nothing runs two at once.
 */
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../workers/scheduler.ts';

/** A piece of work that runs until `finish` or `interrupt` is called, logging what happened. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  let interrupt!: () => void;
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    finish: () => finish(),
    run: () =>
      new Promise<string>((resolve, reject) => {
        runs++;
        log.push(`start ${name}`);
        finish = () => {
          log.push(`end ${name}`);
          resolve(name);
        };
        interrupt = () => {
          log.push(`interrupted ${name}`);
          reject(new Error('interrupted'));
        };
      }),
    interrupt: () => interrupt(),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Scheduler', () => {
  it('runs foreground work before background work that was queued earlier', async () => {
    const s = new Scheduler();
    const log: string[] = [];
    const first = gate(log, 'first');
    const background = gate(log, 'background');
    const query = gate(log, 'query');
    const a = s.now(first.run);
    const b = s.later(background);
    const c = s.now(query.run);
    await tick();
    first.finish();
    await tick();
    query.finish();
    await tick();
    background.finish();
    expect(await Promise.all([a, b, c])).toEqual(['first', 'background', 'query']);
    expect(log).toEqual([
      'start first',
      'end first',
      'start query',
      'end query',
      'start background',
      'end background',
    ]);
  });

  it('asks running background work to yield, runs the foreground, then runs it again', async () => {
    const s = new Scheduler();
    const log: string[] = [];
    const slice = gate(log, 'slice');
    const query = gate(log, 'query');
    const profiled = s.later(slice);
    await tick();
    const answered = s.now(query.run);
    await tick();
    query.finish();
    expect(await answered).toBe('query');
    await tick();
    slice.finish();
    expect(await profiled).toBe('slice');
    expect(log).toEqual([
      'start slice',
      'interrupted slice',
      'start query',
      'end query',
      'start slice',
      'end slice',
    ]);
    expect(slice.runs).toBe(2);
    expect(s.yields).toBe(1);
  });

  it('keeps the order of background work that yielded', async () => {
    const s = new Scheduler();
    const log: string[] = [];
    const one = gate(log, 'one');
    const two = gate(log, 'two');
    const query = gate(log, 'query');
    const done = [s.later(one), s.later(two)];
    await tick();
    const answered = s.now(query.run);
    await tick();
    query.finish();
    await answered;
    await tick();
    one.finish();
    await tick();
    two.finish();
    expect(await Promise.all(done)).toEqual(['one', 'two']);
    expect(log.filter((l) => l.startsWith('start'))).toEqual([
      'start one',
      'start query',
      'start one',
      'start two',
    ]);
  });

  it('passes on the failure of background work that was not asked to yield', async () => {
    const s = new Scheduler();
    const failed = s.later({
      run: () => Promise.reject(new Error('no such table')),
      interrupt: () => undefined,
    });
    await expect(failed).rejects.toThrow('no such table');
    // And the lane is free for what comes next.
    expect(await s.now(async () => 42)).toBe(42);
  });

  it('runs foreground work in the order it was asked for, one at a time', async () => {
    const s = new Scheduler();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      order.push(n);
      running--;
      return n;
    };
    await Promise.all([1, 2, 3, 4].map((n) => s.now(work(n))));
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(1);
  });
});
