// Waiting for a condition instead of sleeping: polls until it holds or the deadline passes.
export async function waitFor<T>(
  condition: () => T | undefined | false | Promise<T | undefined | false>,
  options: { timeoutMs?: number; message: string },
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${options.message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
