// The connection as a user sees it: the status bar (where the extension is connected, the credits
// left), failures announced with what helps, the commands that connect, set the token or reset
// the sandbox, and reconnecting when the token or the settings change. The connection itself is
// the shell's (every feature calls through it).
import * as vscode from 'vscode';
import { affectsConnection, readConnectionSettings } from '../../shell/connection/settings';
import type { Ctx } from '../../shell/ctx';
import { connectionCommands } from './connectionCommands';
import { CreditsStatus } from './creditsStatus';
import { announceFailures } from './notices';

export interface ConnectionFeature {
  readonly commands: ReturnType<typeof connectionCommands>;
  /** The status bar item, which is the credits' port too. */
  readonly credits: CreditsStatus;
}

export function connectionFeature(ctx: Ctx): ConnectionFeature {
  const { connection } = ctx;
  const credits = ctx.own(new CreditsStatus(connection, ctx.log));
  ctx.own(announceFailures(connection));
  ctx.own(
    // A new token matters to a service only: the embedded sandbox keeps running as it is.
    ctx.tokens.onDidChange(() => {
      if (readConnectionSettings().baseUrl !== '') void connection.reconnect();
    }),
  );
  ctx.own(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsConnection(event)) void connection.reconnect();
    }),
  );
  return { commands: connectionCommands(ctx, credits), credits };
}
