// Commands of the Export Tasks view: start an export (the wizard, in the live bundle), abort.
import type { Ctx } from '../../shell/ctx';
import type { TasksNode } from './tasksModel';
import { withLive } from '../liveCommands';
import type { CommandArea } from '../../shell/commands/table';

export function taskCommands(ctx: Ctx) {
  const { runner, sidebar } = ctx;
  return {
    'mediaMonitoring.export.start': () =>
      withLive(ctx, 'Export past results', (live, services) => live.startExport(services)),
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
          sidebar.tasks.refresh();
          ctx.credits.spent();
          runner.done(`Export task ${node.task.id} aborted`);
        },
      );
    },
  } satisfies CommandArea;
}
