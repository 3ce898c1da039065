// Starts the embedded sandbox on its data directory, so that what a user does survives a reload,
// a stop and a restart of VS Code (the sandbox's --data-dir persistence). Three things can stand
// in the way, each with its answer:
//   - another window's sandbox holds the directory: a reloading window's old extension host may
//     still be closing, so wait a few seconds for it; past that, this window's sandbox runs in
//     memory and says so;
//   - the directory was made for another corpus (the seed or size settings changed since): its
//     state is kept and its own corpus used; Reset Sandbox applies the new settings;
//   - anything else (a damaged directory) fails the start with the reason: Reset Sandbox clears it.
import { startSandbox, type RunningSandbox, type StartOptions } from '../../../../sandbox/server';
import { DataDirError } from '../../../../sandbox/persistence/dataDir';
import type { SandboxState } from '../sandboxMessages';

/** How long a window waits for another sandbox to let go of the directory. */
export const LOCK_WAIT_MS = 8_000;
const LOCK_POLL_MS = 200;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startKeptSandbox(
  options: StartOptions,
  dataDir: string | undefined,
  lockWaitMs = LOCK_WAIT_MS,
): Promise<{ sandbox: RunningSandbox; state: SandboxState }> {
  if (dataDir === undefined)
    return { sandbox: await startSandbox(options), state: { kept: false } };
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    try {
      return {
        sandbox: await startSandbox({ ...options, dataDir }),
        state: { kept: true, directory: dataDir },
      };
    } catch (error: unknown) {
      if (!(error instanceof DataDirError)) throw error;
      if (error.problem === 'mismatch') {
        const sandbox = await startSandbox({
          ...options,
          dataDir,
          seed: undefined,
          docs: undefined,
        });
        return {
          sandbox,
          state: {
            kept: true,
            directory: dataDir,
            note: 'the kept state was made with other sandbox settings (seed, documents); Reset Sandbox starts over with the current ones',
          },
        };
      }
      if (error.problem !== 'locked') throw error;
      if (Date.now() < deadline) {
        await pause(LOCK_POLL_MS);
        continue;
      }
      return {
        sandbox: await startSandbox(options),
        state: {
          kept: false,
          note: "another VS Code window's sandbox keeps the state: this window's sandbox starts empty and forgets what it is given",
        },
      };
    }
  }
}
