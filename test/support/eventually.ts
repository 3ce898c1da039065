// The one way a test waits for something that happens on its own time (a process, a file, a
// server): the condition checked again and again until it holds, or a failure that says what was
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

/** Resolves once `condition` holds; rejects, naming `what`, once `timeoutMs` pass first. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  { what, timeoutMs = 15_000, intervalMs = 10 }: EventuallyOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) =>
      intervalMs === 0 ? setImmediate(resolve) : setTimeout(resolve, intervalMs),
    );
  }
}
