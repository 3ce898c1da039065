// The sandbox: an emulator of the Media Monitoring Data API on Fastify. startSandbox() listens
// (port 0 by default) and reports the real address; the extension embeds it, tests start one
// each, and `mmq sandbox` runs it standalone.
import Fastify, { type FastifyError } from 'fastify';
import { VirtualClock } from './clock';
import type { SandboxContext } from './context';
import { CreditLedger } from './credits';
import { sendFailure } from './http/envelope';
import { ApiFailure } from './http/failure';
import { RateLimiter } from './http/rateLimits';
import { logRequests } from './http/requestLog';
import { DEFAULT_OPTIONS, type SandboxOptions } from './options';
import { controlRoutes } from './routes/control';
import { creditRoutes } from './routes/credits';
import { projectRoutes } from './routes/projects';
import { histogramRoutes } from './routes/histograms';
import { projectSearchRoutes } from './routes/projectSearch';
import { ProjectScopes } from './projects/scope';
import { documentRoutes } from './routes/documents';
import { customMetricRoutes } from './routes/customMetrics';
import { CustomMetrics } from './customMetrics';
import { Uploads } from './uploads';
import { LiveFeed } from './live/feed';
import { Firehose } from './live/firehose';
import { StreamRegistry } from './streams/registry';
import { Connections, streamRoutes } from './routes/streams';
import { CollectorRegistry } from './collectors/registry';
import { collectorRoutes } from './routes/collectors';
import { ExportTasks } from './exports/tasks';
import { exportRoutes } from './routes/exports';
import { imageRoutes } from './routes/images';
import { DocumentStore } from './store';
import { openDataDir } from './persistence/dataDir';
import { openCorpus, type OpenedCorpus } from './snapshot/openCorpus';
import { Recorder, type RecordedParts, type ReplaySummary } from './persistence/recorder';
import type { AnalyticsDocument } from './analytics/documentFields';

export interface RunningSandbox {
  /** `http://HOST:PORT` with the port actually bound. */
  readonly url: string;
  readonly clock: VirtualClock;
  /** With a data directory: what was replayed from its journal. */
  readonly restored?: ReplaySummary;
  close(): Promise<void>;
}

/** Maps what Fastify itself refuses (bad JSON, oversized bodies) onto the API's errors. */
function asFailure(error: FastifyError | ApiFailure | Error): ApiFailure {
  if (error instanceof ApiFailure) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new ApiFailure('invalidJson', `JSON not parsable: ${error.message}`);
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiFailure('badParameter', 'Request body too large');
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new ApiFailure('badParameter', `Unsupported Content-Type: ${error.message}`);
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500)
    return new ApiFailure('badParameter', error.message);
  return new ApiFailure('internal', 'Internal error');
}

/** A sandbox's app and the parts a persisted sandbox journals and replays. */
export interface SandboxApp extends RecordedParts {
  /** Starts what runs by itself: the firehose and export progress. After any replay. */
  startBackground(): void;
}

export function buildApp(
  context: SandboxContext,
  store: DocumentStore,
  corpus: Pick<OpenedCorpus, 'live'>,
): SandboxApp {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  // An empty body with a JSON content type (POST …/pause from many clients) means no body;
  // anything else must parse, or the answer is code 17.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch (error: unknown) {
      done(error instanceof Error ? error : new SyntaxError(String(error)), undefined);
    }
  });
  app.setErrorHandler((error, request, reply) =>
    sendFailure(
      request,
      reply,
      asFailure(error instanceof Error ? error : new Error(String(error))),
    ),
  );
  app.setNotFoundHandler((request, reply) =>
    sendFailure(
      request,
      reply,
      new ApiFailure(
        'unknownEndpoint',
        `Endpoint not found: ${request.method} ${request.url.split('?')[0] ?? ''}`,
      ),
    ),
  );
  if (context.options.log) logRequests(app, context.options.log);
  const feed = new LiveFeed(store, () => context.clock.now());
  const firehose = new Firehose(
    feed,
    context.options.rate,
    () => context.clock.now(),
    (_sequence, at) => corpus.live(at),
  );
  const streams = new StreamRegistry();
  const connections = new Connections();
  const metrics = new CustomMetrics(() => context.clock.now());
  const collectors = new CollectorRegistry(streams, context.credits, () => context.clock.now());
  feed.subscribe(({ document }) => collectors.arrive(document));
  const tasks = new ExportTasks(collectors, context.credits, () => context.clock.now());
  const scopes = new ProjectScopes(store);
  // Tasks progress on the virtual clock; this timer keeps them moving as wall time passes.
  let taskTimer: NodeJS.Timeout | undefined;
  creditRoutes(app, context);
  controlRoutes(app, context, {
    arrive: (documents) =>
      documents.map((document) => feed.arrive(document as AnalyticsDocument)).length,
    clockMoved: () => {
      tasks.tick();
      collectors.expireAll();
      firehose.catchUp();
    },
    reset: () => {
      connections.endAll();
      streams.reset();
      collectors.reset();
      tasks.reset();
      metrics.reset();
    },
    disconnect: (id) =>
      connections.end(`collector:${id}`, {
        name: 'resumeFromOffset',
        message: 'Disconnected: resume from the last resume_offset',
      }),
  });
  projectRoutes(app, context);
  histogramRoutes(app, context, store);
  projectSearchRoutes(app, context, store, scopes);
  customMetricRoutes(app, context, metrics);
  documentRoutes(app, context, new Uploads(store, metrics, () => context.clock.now()));
  streamRoutes(app, context, streams, feed, connections, () => collectors.states());
  collectorRoutes(app, context, collectors, connections);
  exportRoutes(app, context, store, scopes, streams, tasks);
  // Multipart parsing stays inside the image routes' own plugin scope.
  void app.register(async (scope) => imageRoutes(scope, context));
  // Open result streams would keep close() waiting for ever: end them first.
  app.addHook('preClose', (done) => {
    firehose.stop();
    clearInterval(taskTimer);
    connections.endAll();
    done();
  });
  return {
    app,
    clock: context.clock,
    credits: context.credits,
    limiter: context.limiter,
    tasks,
    firehose,
    startBackground: () => {
      firehose.start();
      taskTimer ??= setInterval(() => tasks.tick(), 1000);
      taskTimer.unref();
    },
  };
}

export type StartOptions = {
  readonly [K in keyof SandboxOptions]?: SandboxOptions[K] | undefined;
} & {
  /** Documents of one's own added to the corpus (tests, embedding). */
  readonly documents?: readonly AnalyticsDocument[];
};

/** Options given as undefined take their defaults (or, for seed and docs, the data directory's). */
function definedOptions(overrides: StartOptions): Partial<SandboxOptions> {
  return Object.fromEntries(
    Object.entries(overrides).filter(([key, value]) => value !== undefined && key !== 'documents'),
  );
}

export async function startSandbox(overrides: StartOptions = {}): Promise<RunningSandbox> {
  const given = definedOptions(overrides);
  const clock = new VirtualClock(given.now);
  // With a data directory, the corpus is the one it was created with, whenever it restarts.
  const dataDir =
    given.dataDir === undefined
      ? undefined
      : openDataDir(given.dataDir, {
          seed: given.seed,
          docs: given.docs,
          defaults: DEFAULT_OPTIONS,
          now: clock.now(),
        });
  let sandbox: SandboxApp | undefined;
  let keeping: Promise<void> = Promise.resolve();
  try {
    // Replayed requests are history, not traffic: the request log leaves them out.
    let replaying = false;
    const log = given.log;
    const options: SandboxOptions = {
      ...DEFAULT_OPTIONS,
      ...given,
      ...(dataDir ? { seed: dataDir.meta.seed, docs: dataDir.meta.docs } : {}),
      ...(log
        ? {
            log: (line: string) => {
              if (!replaying) log(line);
            },
          }
        : {}),
    };
    const context: SandboxContext = {
      options,
      clock,
      limiter: new RateLimiter(() => clock.now()),
      credits: new CreditLedger(options.credits, () => clock.now()),
      tokens: { readWrite: options.token, readOnly: options.readOnlyToken },
    };
    const store = new DocumentStore();
    // The seeded corpus: 30 days of coverage ending now; the same seed gives the same documents.
    const corpus = await openCorpus({
      seed: options.seed,
      docs: options.docs,
      now: dataDir?.meta.anchor ?? clock.now(),
      snapshotDir: options.snapshotDir,
      log: options.log,
    });
    if (corpus.postings) store.addIndexed(corpus.documents, corpus.postings);
    else for (const document of corpus.documents) store.add(document);
    const keep = corpus.keep(store.index.postingLists());
    for (const document of overrides.documents ?? []) store.add(document);
    sandbox = buildApp(context, store, corpus);
    let restored: ReplaySummary | undefined;
    if (dataDir) {
      const recorder = new Recorder(dataDir.journal, dataDir.records);
      recorder.attach(sandbox);
      sandbox.app.addHook('onClose', (_instance, done) => {
        dataDir.close();
        done();
      });
      await sandbox.app.ready();
      replaying = true;
      try {
        restored = await recorder.replay(sandbox, dataDir.records, options.token);
      } finally {
        replaying = false;
      }
    }
    sandbox.startBackground();
    const app = sandbox.app;
    await sandbox.app.listen({ host: options.host, port: options.port });
    // Kept while the sandbox serves, between requests; close() waits for it.
    keeping = keep();
    const address = sandbox.app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    return {
      url: `http://${host}:${port}`,
      clock,
      ...(restored ? { restored } : {}),
      close: async () => {
        await app.close();
        await keeping;
      },
    };
  } catch (error: unknown) {
    await sandbox?.app.close();
    dataDir?.close();
    await keeping;
    throw error;
  }
}
