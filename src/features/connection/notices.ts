// One notification when the connection fails, with the action that helps, so that a user who
// has the sidebar closed hears of it too (the welcome views and the status bar say it as well).
// Said once per failure, not again for the same failure on every retry.
import * as vscode from 'vscode';
import { actionsFor } from '../../shell/commands/failureActions';
import type { Connection, ConnectionState } from '../../shell/connection/connection';

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
    const actions = actionsFor(state);
    void vscode.window
      .showWarningMessage(`Media Monitoring: ${state.message}`, ...actions.map((a) => a.title))
      .then((choice) => {
        const action = actions.find((candidate) => candidate.title === choice);
        if (action) void vscode.commands.executeCommand(action.command, ...(action.args ?? []));
      });
  });
}
