// The composition root: each feature made with the ports of the others it needs
// (shell/ports.ts), in the order of what each needs, and their commands joined into the one
// command table. Features never import one another; this file is where they meet.
import { tailCommands } from './features/tails/tailCommands';
import { tailsBundle } from './features/tails/tailsBundle';
import type { CommandTable } from './shell/commands/table';
import type { Ctx } from './shell/ctx';
import { reloadViews } from './shell/views/reloadViews';
import { collectorsFeature, type CollectorsFeature } from './features/collectors/collectorsFeature';
import { connectionFeature, type ConnectionFeature } from './features/connection/connectionFeature';
import { customMetricCommands } from './features/custom-metrics/customMetricCommands';
import { detectionCommands } from './features/detection/detectionCommands';
import { ExportsFeature } from './features/exports/exportsFeature';
import { LabFeature } from './features/lab/labFeature';
import { LanguageFeature } from './features/language/languageFeature';
import { ProjectsFeature } from './features/projects/projectsFeature';
import { ResultsFeature } from './features/results/resultsFeature';
import { StreamsFeature } from './features/streams/streamsFeature';
import { TailsFeature } from './features/tails/tailsFeature';
import { uploadCommands } from './features/uploads/uploadCommands';

export interface Features {
  readonly connection: ConnectionFeature;
  readonly tails: TailsFeature;
  readonly projects: ProjectsFeature;
  readonly language: LanguageFeature;
  readonly streams: StreamsFeature;
  readonly collectors: CollectorsFeature;
  readonly exports: ExportsFeature;
  readonly results: ResultsFeature;
  readonly lab: LabFeature;
}

export function makeFeatures(ctx: Ctx): Features {
  const connection = connectionFeature(ctx);
  // The trees show the tails, and a tail notes its collector's reads in the Streams view: the
  // tails get that view late (no tail runs before activation ends).
  const tails: TailsFeature = new TailsFeature(ctx, (): StreamsFeature => streams);
  const projects = new ProjectsFeature(ctx, tails);
  const language = new LanguageFeature(ctx, projects);
  const streams: StreamsFeature = new StreamsFeature(ctx, { tails, language });
  const { credits } = connection;
  const collectors = collectorsFeature(ctx, { projects, streams, language, credits });
  const exports = new ExportsFeature(ctx, { projects, streams, language, credits, collectors });
  const results = new ResultsFeature(ctx, { language, projects });
  const lab = new LabFeature(ctx, language);
  return { connection, tails, projects, language, streams, collectors, exports, results, lab };
}

export function commandTable(ctx: Ctx, features: Features): CommandTable {
  const { connection, tails, projects, language, streams, collectors, exports, results, lab } =
    features;
  return {
    ...language.commands,
    ...connection.commands,
    ...projects.commands,
    ...customMetricCommands(ctx, projects),
    ...uploadCommands(ctx, projects),
    ...streams.commands,
    ...collectors.commands,
    ...exports.commands,
    ...tailCommands({ ...ctx.services(), projects, language }, () => tails.tails(), tailsBundle),
    ...results.commands,
    ...detectionCommands(ctx),
    ...lab.commands,
    'mediaMonitoring.refreshAll': () =>
      reloadViews(ctx, 'Sidebar', [projects.reloadable, streams.reloadable, exports.reloadable]),
  };
}
