// Image detection's commands, run in the detection bundle (dist/detect.js): the extension only
// forwards (commands/detect.ts), so that dist/extension.js stays within its size budget. From
// the explorer the image is the file clicked (every logo configured for the account, or every
// scene); from the palette, a file or an address and, for logos, which ids.
import * as vscode from 'vscode';
import type { DetectionKind } from '../../../core/api/schemas/images';
import type { CommandRunner } from '../../shell/commands/runner';
import type { Connection } from '../../shell/connection/connection';
import { DetectPanel } from './detectPanel';
import { chooseImage, chooseLogos } from './chooseImage';
import type { ImageTarget } from './imageTarget';
import { runDetection } from './runDetection';
import type { DetectServices } from './detectServices';

/** What the extension's context gives (the context itself fits: nothing else is needed). */
export interface DetectHost {
  readonly extension: { readonly extensionUri: vscode.Uri };
  readonly log: vscode.LogOutputChannel;
  readonly runner: CommandRunner;
  readonly connection: Pick<Connection, 'state'>;
}

export class Detection implements vscode.Disposable {
  private readonly services: DetectServices;
  private readonly panel: DetectPanel;

  constructor(host: DetectHost) {
    this.services = {
      extensionUri: host.extension.extensionUri,
      log: host.log,
      runner: host.runner,
      sandbox: () => host.connection.state.kind === 'connected' && host.connection.state.sandbox,
    };
    this.panel = new DetectPanel(this.services);
  }

  /**
   * A command: `resource` is the explorer's file, or nothing from the palette. Logo ids are asked
   * from the palette, or with `askLogos` (the explorer's "Detect Chosen Logos…").
   */
  run(kind: DetectionKind, resource?: unknown, askLogos = false): Promise<void> {
    return this.services.runner.guard(
      kind === 'logo' ? 'Detect logos' : 'Detect scenes',
      async () => {
        let target: ImageTarget | undefined;
        let logos: string[] = [];
        if (resource instanceof vscode.Uri) target = { kind: 'file', uri: resource };
        else {
          target = await chooseImage();
          if (!target) return;
        }
        if (kind === 'logo' && (askLogos || !(resource instanceof vscode.Uri))) {
          const chosen = await chooseLogos();
          if (chosen === undefined) return;
          logos = chosen;
        }
        await runDetection(this.services, this.panel, kind, target, logos);
      },
    );
  }

  dispose(): void {
    this.panel.dispose();
  }
}
