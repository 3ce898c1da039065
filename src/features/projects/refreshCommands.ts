// Refreshing the sidebar's views, with each view's progress bar and a confirmation.
import * as vscode from 'vscode';
import type { Ctx } from '../../shell/ctx';
import type { CommandArea } from '../../shell/commands/table';

export function sidebarCommands(ctx: Ctx) {
  const { sidebar } = ctx;
  /** Reloads views with their progress bars, then confirms (a failure is reported by the view). */
  const reload = async (
    what: string,
    views: readonly (readonly [string, { reload(): Promise<void> }])[],
  ) => {
    await Promise.all(
      views.map(([viewId, view]) =>
        vscode.window.withProgress({ location: { viewId } }, () => view.reload()),
      ),
    );
    if (ctx.connection.state.kind === 'connected') ctx.runner.done(`${what} refreshed`);
  };
  return {
    'mediaMonitoring.refreshAll': () =>
      reload('Sidebar', [
        ['mediaMonitoring.projects', sidebar.projects],
        ['mediaMonitoring.streams', sidebar.streams],
        ['mediaMonitoring.tasks', sidebar.tasks],
      ]),
    'mediaMonitoring.projects.refresh': () =>
      reload('Projects', [['mediaMonitoring.projects', sidebar.projects]]),
    'mediaMonitoring.streams.refresh': () =>
      reload('Streams and collectors', [['mediaMonitoring.streams', sidebar.streams]]),
    'mediaMonitoring.tasks.refresh': () =>
      reload('Export tasks', [['mediaMonitoring.tasks', sidebar.tasks]]),
  } satisfies CommandArea;
}
