// Everything a sandbox's endpoints act on, built once per sandbox and handed to every route
// module whole, instead of each taking its own list of positional arguments.
import type { SandboxContext } from './context';
import type { OpenedCorpus } from './snapshot/openCorpus';
import { CollectorRegistry } from './collectors/registry';
import { CustomMetrics } from './customMetrics';
import { ExportTasks } from './exports/tasks';
import { createOutput, type Output } from './http/output';
import { LiveFeed } from './live/feed';
import { Firehose } from './live/firehose';
import { ProjectScopes } from './projects/scope';
import { Connections } from './streams/connections';
import { StreamRegistry } from './streams/registry';
import type { DocumentStore } from './store';
import { Uploads } from './uploads';

export interface SandboxServices {
  readonly context: SandboxContext;
  readonly output: Output;
  readonly store: DocumentStore;
  readonly scopes: ProjectScopes;
  readonly feed: LiveFeed;
  readonly firehose: Firehose;
  readonly streams: StreamRegistry;
  readonly connections: Connections;
  readonly collectors: CollectorRegistry;
  readonly tasks: ExportTasks;
  readonly metrics: CustomMetrics;
  readonly uploads: Uploads;
}

export function createServices(
  context: SandboxContext,
  store: DocumentStore,
  corpus: Pick<OpenedCorpus, 'live'>,
): SandboxServices {
  const now = () => context.clock.now();
  const feed = new LiveFeed(store, now);
  const streams = new StreamRegistry();
  const collectors = new CollectorRegistry(streams, context.credits, now);
  feed.subscribe(({ document }) => collectors.arrive(document));
  const metrics = new CustomMetrics(now);
  return {
    context,
    output: createOutput(context.tokens, context.options.log),
    store,
    scopes: new ProjectScopes(store),
    feed,
    firehose: new Firehose(feed, context.options.rate, now, (_sequence, at) => corpus.live(at)),
    streams,
    connections: new Connections(),
    collectors,
    tasks: new ExportTasks(collectors, context.credits, now),
    metrics,
    uploads: new Uploads(store, metrics, now),
  };
}
