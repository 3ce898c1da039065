// For the in-editor benchmarks: waiting until VS Code's own start-up no longer competes for the
// same cores as what is measured.

/** Resolves once the event loop answers within 2 ms five times running, or after 15 s. */
export async function settled(): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quiet = 0;
  while (quiet < 5 && Date.now() < deadline) {
    const started = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    quiet = performance.now() - started < 22 ? quiet + 1 : 0;
  }
}
