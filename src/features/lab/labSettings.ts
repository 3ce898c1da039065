// The lab's settings (package.json `contributes.configuration`): the window counted, when counts
// run on their own, and the credit budget against a service.
import * as vscode from 'vscode';
import { SECTION } from '../../shell/connection/settings';
import type { CountsMode } from './countPolicy';

export interface LabSettings {
  readonly days: number;
  readonly counts: CountsMode;
  readonly creditBudget: number;
}

/** The windows the quick pick offers; the global histogram reaches back 30 days. */
export const WINDOW_CHOICES = [1, 3, 7, 14, 30] as const;

const MODES: readonly CountsMode[] = ['off', 'sandbox', 'always'];

export function readLabSettings(): LabSettings {
  const configuration = vscode.workspace.getConfiguration(`${SECTION}.lab`);
  const days = Math.round(configuration.get<number>('window', 7));
  const counts = configuration.get<string>('counts', 'sandbox');
  return {
    days: Math.min(30, Math.max(1, Number.isFinite(days) ? days : 7)),
    counts: MODES.find((mode) => mode === counts) ?? 'sandbox',
    creditBudget: Math.max(0, configuration.get<number>('creditBudget', 200)),
  };
}

/** Where the window setting is written: the workspace when one is open, as the default project. */
export async function setLabWindow(days: number): Promise<void> {
  const target =
    vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders.length > 0
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration(`${SECTION}.lab`).update('window', days, target);
}

export function affectsLab(event: vscode.ConfigurationChangeEvent): boolean {
  return (
    event.affectsConfiguration(`${SECTION}.lab`) ||
    event.affectsConfiguration(`${SECTION}.defaultProject`) ||
    event.affectsConfiguration(`${SECTION}.baseUrl`)
  );
}
