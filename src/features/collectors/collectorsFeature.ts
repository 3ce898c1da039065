// Collectors: their commands (create and edit with the wizard, read to a file, pause, resume,
// delete, show), on the items of the Streams & Collectors view, and the port through which an
// export into a collector reads it afterwards.
import type { Ctx } from '../../shell/ctx';
import type {
  CollectorsPort,
  CreditsPort,
  LanguagePort,
  ProjectsPort,
  StreamsPort,
} from '../../shell/ports';
import { collectorCommands } from './collectorCommands';
import { collectorsBundle } from './collectorsBundle';
import type { CollectorServices } from './collectorServices';

export interface CollectorsFeature extends CollectorsPort {
  readonly commands: ReturnType<typeof collectorCommands>;
}

export function collectorsFeature(
  ctx: Ctx,
  ports: {
    readonly projects: ProjectsPort;
    readonly streams: StreamsPort;
    readonly language: LanguagePort;
    readonly credits: CreditsPort;
  },
): CollectorsFeature {
  const services: CollectorServices = {
    ...ctx.services(),
    projects: ports.projects,
    streams: ports.streams,
    language: ports.language,
  };
  return {
    commands: collectorCommands(ctx, services, ports.credits, collectorsBundle),
    readToFile: (collectorId, format, expected) =>
      collectorsBundle().readCollectorToFile(services, collectorId, format, expected),
  };
}
