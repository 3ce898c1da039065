// Image detection in a real VS Code against the embedded sandbox: Detect Logos on a
// photo of the workspace (a JPEG whose EXIF orientation turns it) opens the panel with the
// sandbox's boxes over the upright photo; Detect Scenes shows the list with bars. The panel is
// looked at in the browser that runs it (the harness's webview requests).
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { CONFIGURED_LOGOS, detect, measure } from '../../../sandbox/images/detection';
import { closeAllEditors, fixture } from './support/documents';
import { extensionApi } from './support/extension';
import { inWebview, screenshot, typeIntoQuickInput } from './support/screenshot';
import { eventually } from '../../support/eventually';

/** Waits until the webview shows `selector` exactly `count` times. */
async function shownTimes(selector: string, count: number, message: string): Promise<void> {
  await eventually(async () => (await inWebview(selector)).count === count, {
    timeoutMs: 60_000,
    intervalMs: 250,
    what: message,
  });
}

describe('image detection', () => {
  after(closeAllEditors);

  const photo = () => fixture('photo-turned.jpg');
  /** What the sandbox finds in the photo (sandbox/images/detection.ts decides from its bytes). */
  const expected = (kind: 'logo' | 'scene') =>
    detect(kind, measure(readFileSync(photo().fsPath)), kind === 'logo' ? CONFIGURED_LOGOS : []);

  it('Detect Logos on a turned photo of the workspace: the panel shows its boxes, upright', async () => {
    await extensionApi();
    const logos = expected('logo');
    assert.ok(logos.length > 0, 'the sandbox finds logos in this photo');
    await vscode.commands.executeCommand('mediaMonitoring.detect.logos', photo());
    await shownTimes('.detection .box', logos.length, 'the boxes in the detection panel');
    const note = await inWebview('.detection-note');
    assert.match(note.text, /EXIF orientation \(6\) turns it/);
    const label = await inWebview('.detection .box .label');
    assert.match(label.text, /^logo-\w+ \d+%$/);
    await screenshot('detect-logos-in-vscode');
  });

  it('Detect Chosen Logos from the explorer: asks which logo ids, and shows only those', async () => {
    await extensionApi();
    const logos = expected('logo');
    const chosen = logos[0]?.id;
    assert.ok(chosen, 'a logo to choose');
    const only = detect('logo', measure(readFileSync(photo().fsPath)), [chosen]);
    assert.ok(only.length < logos.length, 'choosing a logo leaves some out');
    void vscode.commands.executeCommand('mediaMonitoring.detect.chosenLogos', photo());
    await typeIntoQuickInput(chosen, 'Detect logos: which logo ids?');
    await shownTimes('.detection .box', only.length, 'the boxes of the chosen logo');
    const header = await inWebview('.header .facts');
    assert.match(header.text, new RegExp(`Only ${chosen}`));
  });

  it('Detect Scenes: the list with bars', async () => {
    await extensionApi();
    const scenes = expected('scene');
    await vscode.commands.executeCommand('mediaMonitoring.detect.scenes', photo());
    await shownTimes('.detection .scene', scenes.length, 'the scene rows');
    await screenshot('detect-scenes-in-vscode');
  });

  it('a file larger than detection takes is refused from its size, without reading it', async () => {
    await extensionApi();
    const folder = mkdtempSync(join(tmpdir(), 'mm-detect-'));
    try {
      // Sparse: 3 GiB on no disk space. Read whole, it would take 3 GiB of the extension host's
      // memory (and fail: a file past 2 GiB cannot be read into one buffer).
      const huge = join(folder, 'huge.png');
      writeFileSync(huge, '');
      truncateSync(huge, 3 * 1024 ** 3);
      await vscode.commands.executeCommand('mediaMonitoring.detect.scenes', vscode.Uri.file(huge));
      // In the panel, as the service's refusals are.
      await eventually(
        async () =>
          /^huge\.png is 3 GiB: image detection takes images of at most 10 MiB: nothing was sent\.$/.test(
            (await inWebview('.error')).text,
          ),
        { timeoutMs: 60_000, intervalMs: 250, what: 'the refusal in the detection panel' },
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
