// The extension's connection settings (package.json `contributes.configuration`). The token is
// never a setting: it lives in SecretStorage or the MEDIA_MONITORING_TOKEN environment variable.
import * as vscode from 'vscode';

export const SECTION = 'mediaMonitoring';

export interface SandboxSettings {
  readonly seed: number;
  readonly documents: number;
  readonly liveRate: number;
}

export interface ConnectionSettings {
  /** Empty: the embedded sandbox. */
  readonly baseUrl: string;
  readonly sandbox: SandboxSettings;
}

export function readConnectionSettings(): ConnectionSettings {
  const configuration = vscode.workspace.getConfiguration(SECTION);
  return {
    baseUrl: configuration.get<string>('baseUrl', '').trim(),
    sandbox: {
      seed: configuration.get<number>('sandbox.seed', 42),
      documents: configuration.get<number>('sandbox.documents', 20_000),
      liveRate: configuration.get<number>('sandbox.liveRate', 2),
    },
  };
}

/**
 * Which service what is kept in workspace state belongs to (pushed rules, tails, reads): its base
 * URL, or `sandbox`. A stream of the sandbox is not the service's stream of the same id.
 */
export function serviceKey(): string {
  return readConnectionSettings().baseUrl || 'sandbox';
}

export function defaultProject(): string | undefined {
  const value = vscode.workspace.getConfiguration(SECTION).get<string>('defaultProject', '').trim();
  return value === '' ? undefined : value;
}

export async function setDefaultProject(projectId: string): Promise<void> {
  const target =
    vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders.length > 0
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration(SECTION).update('defaultProject', projectId, target);
}

/** Whether a configuration change concerns the connection. */
export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return (
    event.affectsConfiguration(`${SECTION}.baseUrl`) ||
    event.affectsConfiguration(`${SECTION}.sandbox`)
  );
}
