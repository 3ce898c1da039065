// Where a tail started from a command records (mediaMonitoring.tail.recordFolder, relative to
// the first workspace folder; empty: no record) and the size of a record's parts.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SECTION } from '../connection/settings';

/** The record folder from the setting, relative to the first workspace folder. */
export function recordFolderSetting(): string | undefined {
  const folder = vscode.workspace.getConfiguration(SECTION).get<string>('tail.recordFolder', '');
  if (folder.trim() === '') return undefined;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return path.isAbsolute(folder) || !root ? folder : path.join(root, folder);
}

/** The record's part size in bytes (mediaMonitoring.tail.recordPartMegabytes, 1 to 4,096 MB). */
export function partBytes(): number {
  const megabytes = vscode.workspace
    .getConfiguration(SECTION)
    .get<number>('tail.recordPartMegabytes', 100);
  return Math.max(1, Math.min(4096, megabytes)) * 1024 * 1024;
}

/** The record folder a start asked for (`false`: none), else the setting's. */
export function recordFolderOf(asked: string | false | undefined): string | undefined {
  return asked === false ? undefined : (asked ?? recordFolderSetting());
}
