// Refreshing views from a command: each view's progress bar while it reads, then one
// confirmation (a failure is reported by the view itself).
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';

export interface ReloadableView {
  /** The view's id in package.json (its progress bar shows there). */
  readonly viewId: string;
  reload(): Promise<void>;
}

export async function reloadViews(
  ctx: Pick<Ctx, 'connection' | 'runner'>,
  what: string,
  views: readonly ReloadableView[],
): Promise<void> {
  await Promise.all(
    views.map((view) =>
      vscode.window.withProgress({ location: { viewId: view.viewId } }, () => view.reload()),
    ),
  );
  if (ctx.connection.state.kind === 'connected') ctx.runner.done(`${what} refreshed`);
}
