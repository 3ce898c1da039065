// Commands of the Export Tasks view: start an export (the wizard, in the exports' bundle), refresh, abort.
import type { Ctx } from '../../shell/ctx';
import type { TasksNode } from './tasksModel';
import type { CommandArea } from '../../shell/commands/table';
import { lazyBundle } from '../../shell/bundles';
import type { ReloadableView } from '../../shell/views/reloadViews';
import { reloadViews } from '../../shell/views/reloadViews';
import type { ExportServices } from './exportServices';

const exportsBundle = lazyBundle<typeof import('./index')>('exports.js');

export function exportCommands(ctx: Ctx, services: ExportServices, view: ReloadableView) {
  const { runner } = ctx;
  return {
    'mediaMonitoring.tasks.refresh': () => reloadViews(ctx, 'Export tasks', [view]),
    'mediaMonitoring.export.start': () =>
      runner.guard('Export past results', () => exportsBundle().startExport(services)),
    'mediaMonitoring.task.abort': async (node: TasksNode) => {
      if (node.kind !== 'task') return;
      const choice = await ctx.questions.ask(
        `Abort export task ${node.task.id}?`,
        `What it exported so far stays in ${node.task.target ?? 'its target'}.`,
        'Abort',
      );
      if (choice !== 'Abort') return;
      await runner.call(
        { title: `Abort export task ${node.task.id}` },
        async ({ client, signal }) => {
          await client.exports.abort(node.task.id, { signal });
          services.tasks.refresh();
          services.credits.spent();
          runner.done(`Export task ${node.task.id} aborted`);
        },
      );
    },
  } satisfies CommandArea;
}
