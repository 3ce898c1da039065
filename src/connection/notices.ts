// One notification when the connection fails, with the action that helps, so that a user who
// has the sidebar closed hears of it too (the welcome views and the status bar say it as well).
// Said once per failure, not again for the same failure on every retry.
import * as vscode from 'vscode';
import type { Connection, ConnectionState, FailureReason } from './connection';

type Action = {
  readonly title: string;
  readonly command: string;
  readonly args?: readonly unknown[];
};

const RETRY: Action = { title: 'Retry', command: 'mediaMonitoring.reconnect' };
const USE_SANDBOX: Action = { title: 'Use the Sandbox', command: 'mediaMonitoring.useSandbox' };
const SHOW_LOG: Action = { title: 'Show Log', command: 'mediaMonitoring.showLog' };

const ACTIONS: Readonly<Record<FailureReason, readonly Action[]>> = {
  unreachable: [RETRY, USE_SANDBOX],
  tokenRejected: [{ title: 'Set Access Token', command: 'mediaMonitoring.token.set' }, USE_SANDBOX],
  badUrl: [
    {
      title: 'Open Settings',
      command: 'workbench.action.openSettings',
      args: ['mediaMonitoring.baseUrl'],
    },
    USE_SANDBOX,
  ],
  sandbox: [RETRY, SHOW_LOG],
  service: [RETRY, SHOW_LOG],
};

export function announceFailures(connection: Connection): vscode.Disposable {
  let announced: string | undefined;
  return connection.onDidChange((state: ConnectionState) => {
    if (state.kind !== 'failed') {
      if (state.kind === 'connected') announced = undefined;
      return;
    }
    const key = `${state.reason}:${state.message}`;
    if (key === announced) return;
    announced = key;
    const actions = ACTIONS[state.reason];
    void vscode.window
      .showWarningMessage(`Media Monitoring: ${state.message}`, ...actions.map((a) => a.title))
      .then((choice) => {
        const action = actions.find((candidate) => candidate.title === choice);
        if (action) void vscode.commands.executeCommand(action.command, ...(action.args ?? []));
      });
  });
}
