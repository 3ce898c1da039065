// Waiting for a condition instead of sleeping: the in-editor tests never wait a fixed time.

export interface WaitOptions {
  /** What is awaited, for the timeout error: "the extension to activate". */
  message: string;
  /** Give up after this long; 20 s by default. */
  timeoutMs?: number;
  /** Time between two checks of the condition; 50 ms by default. */
  intervalMs?: number;
}

/**
 * Checks `condition` until it returns a truthy value and resolves with that value; rejects with
 * `timed out after N ms: <message>` once `timeoutMs` has passed. A condition that throws ends the
 * wait at once with its error.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: WaitOptions,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() >= deadline)
      throw new Error(`timed out after ${timeoutMs} ms: ${options.message}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
