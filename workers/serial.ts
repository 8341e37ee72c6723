/** Operations that must not overlap, run one after another in the order they were asked for. */
export type Serial = <T>(op: () => Promise<T>) => Promise<T>;

/** A queue of one: each operation starts when the one before has settled, failed or not. */
export function serial(): Serial {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(op: () => Promise<T>): Promise<T> => {
    const run = queue.then(op, op);
    queue = run.catch(() => undefined);
    return run;
  };
}
