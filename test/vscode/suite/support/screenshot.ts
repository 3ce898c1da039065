// Asks the harness for a screenshot of the whole VS Code window and waits until it is taken.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from './wait';

export async function screenshot(name: string): Promise<void> {
  const bridge = process.env.VSCODE_TEST_SCREENSHOT_DIR;
  if (!bridge)
    throw new Error(
      'VSCODE_TEST_SCREENSHOT_DIR is not set: run the suite through test/vscode/harness/run.mjs',
    );
  writeFileSync(join(bridge, `${name}.req`), '');
  await waitFor(() => existsSync(join(bridge, `${name}.done`)), { message: `screenshot ${name}` });
}
