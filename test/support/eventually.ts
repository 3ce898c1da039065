// The one way a test waits for something that happens on its own time (a process, a file, a
// server, a VS Code view; the in-editor suite bundles it too): the condition checked again and again until it holds, or a failure that says what was
// waited for. No test sleeps a fixed time and hopes.

export interface EventuallyOptions {
  /** What is waited for, as the failure names it: "timed out after 15000 ms waiting for <what>". */
  readonly what: string;
  /** How long to wait at the most (default 15 s; under the test's own timeout). */
  readonly timeoutMs?: number;
  /**
   * How long between checks (default 10 ms). 0 checks again on the next turn of the event loop,
   * for a condition that in-process work makes true (a count of answers, a log line).
   */
  readonly intervalMs?: number;
}

type Falsy = undefined | null | false | 0 | '';

/**
 * Resolves with what `condition` answers once that is truthy (a condition may find the thing it
 * waits for: a row, a file's text); rejects, naming `what`, once `timeoutMs` pass first. A
 * condition that throws ends the wait with its error.
 */
export async function eventually<T>(
  condition: () => T | Falsy | Promise<T | Falsy>,
  { what, timeoutMs = 15_000, intervalMs = 10 }: EventuallyOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) =>
      intervalMs === 0 ? setImmediate(resolve) : setTimeout(resolve, intervalMs),
    );
  }
}
