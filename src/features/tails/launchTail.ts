// Starting a tail from a command once its source is known (startTail.ts, startProjectTail.ts):
// where it records (mediaMonitoring.tail.recordFolder, relative to the first workspace folder;
// empty: no record; or what the command was asked), the size of a record's parts, and its output
// shown.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TailSource } from '../../../core/streams/tailSource';
import { SECTION } from '../../shell/connection/settings';
import type { Tails } from './tails';

/** The record folder from the setting, relative to the first workspace folder. */
function recordFolderSetting(): string | undefined {
  const folder = vscode.workspace.getConfiguration(SECTION).get<string>('tail.recordFolder', '');
  if (folder.trim() === '') return undefined;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return path.isAbsolute(folder) || !root ? folder : path.join(root, folder);
}

/** The record's part size in bytes (mediaMonitoring.tail.recordPartMegabytes, 1 to 4,096 MB). */
function partBytes(): number {
  const megabytes = vscode.workspace
    .getConfiguration(SECTION)
    .get<number>('tail.recordPartMegabytes', 100);
  return Math.max(1, Math.min(4096, megabytes)) * 1024 * 1024;
}

/**
 * Starts (or restarts) the tail of `source`, recording where `recordFolder` says (`false`: no
 * record; absent: the setting), and shows its output channel.
 */
export async function launchTail(
  tails: Tails,
  source: TailSource,
  recordFolder: string | false | undefined,
): Promise<void> {
  const folder = recordFolder === false ? undefined : (recordFolder ?? recordFolderSetting());
  try {
    await tails.start(source, {
      partBytes: partBytes(),
      ...(folder ? { recordFolder: folder } : {}),
    });
  } catch (error: unknown) {
    // The record's folder cannot be written (the read itself reports through the tail).
    void vscode.window.showErrorMessage(
      `Media Monitoring: the tail of ${source.kind} ${source.id} did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  tails.showOutput(source.kind, source.id);
}
