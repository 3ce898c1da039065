// What the live bundle's features (dist/live.js: the collector and export wizards, reading a
// collector to a file) are given of the extension, and the bundle itself, loaded on first use.
import { liveBundle, type LiveBundle } from '../shell/bundles';
import type { Ctx } from '../shell/ctx';
import { errorsOf } from './language/rules';
import type { LiveServices } from './liveServices';

export function liveServices(ctx: Ctx): LiveServices {
  return {
    runner: ctx.runner,
    questions: ctx.questions,
    client: () => ctx.connection.client(),
    projects: ctx.sidebar.projectsModel,
    reads: ctx.collectorReads,
    errorsOf: (query) => errorsOf(ctx.languageClient, query),
    refreshStreams: () => ctx.sidebar.streams.refresh(),
    refreshTasks: () => ctx.sidebar.tasks.refresh(),
    taskStarted: (taskId) => {
      ctx.sidebar.tasks.started(taskId);
      ctx.sidebar.tasks.refresh();
    },
    spent: () => ctx.credits.spent(),
    log: ctx.log,
  };
}

/** Runs `work` with the live bundle; a failure (of loading, or the work's own) is shown. */
export function withLive(
  ctx: Ctx,
  title: string,
  work: (live: LiveBundle, services: LiveServices) => Promise<unknown>,
): Promise<void> {
  return ctx.runner.guard(title, () => work(liveBundle(), liveServices(ctx)));
}
