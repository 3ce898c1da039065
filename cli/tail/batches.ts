// Events in batches: each batch is everything a reader had ready without waiting for the network
// (the events of the bytes received so far), so that a burst is written with one system call and
// a quiet stream still shows each result as it comes.
const IDLE = Symbol('idle');

/** Resolves after the pending microtasks: a reader that has an event ready has given it by then. */
const idle = () => new Promise<typeof IDLE>((resolve) => setImmediate(() => resolve(IDLE)));

/**
 * The items of `source` in batches of at most `maxItems`. A failure of the source comes after the
 * batch read before it, so that a caller writes what it had. Stopping early does not wait for an
 * item in flight (the caller cancels the source: a waiting read may never give one).
 */
export async function* batches<T>(source: AsyncIterable<T>, maxItems = 1000): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | undefined;
  let batch: T[] = [];
  try {
    for (;;) {
      pending ??= iterator.next();
      let result: IteratorResult<T> | typeof IDLE;
      try {
        result = batch.length === 0 ? await pending : await Promise.race([pending, idle()]);
      } catch (error: unknown) {
        pending = undefined;
        if (batch.length > 0) yield batch;
        throw error;
      }
      if (result === IDLE) {
        yield batch;
        batch = [];
        continue;
      }
      pending = undefined;
      if (result.done) {
        if (batch.length > 0) yield batch;
        return;
      }
      batch.push(result.value);
      if (batch.length >= maxItems) {
        yield batch;
        batch = [];
      }
    }
  } finally {
    if (pending === undefined) await iterator.return?.();
    else
      void pending.then(
        () => iterator.return?.(),
        () => undefined,
      );
  }
}
