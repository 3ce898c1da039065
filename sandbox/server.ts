// The sandbox: an emulator of the Media Monitoring Data API on Fastify. startSandbox() listens
// (port 0 by default) and reports the real address; the extension embeds it, tests start one
// each, and `mmq sandbox` runs it standalone.
import { VirtualClock } from './clock';
import type { SandboxContext } from './context';
import { CreditLedger } from './credits';
import type { Endpoint } from './http/endpoint';
import type { Handlers, OperationName } from './http/handlers';
import { contractEndpoints } from './http/implement';
import { RateLimiter } from './http/rateLimits';
import { createFastify, installPipeline, registrar } from './http/serve';
import { DEFAULT_OPTIONS, type SandboxOptions } from './options';
import { collectorHandlers } from './routes/collectors';
import { controlEndpoints } from './routes/control';
import { creditHandlers } from './routes/credits';
import { customMetricHandlers } from './routes/customMetrics';
import { documentHandlers } from './routes/documents';
import { exportHandlers } from './routes/exports';
import { histogramHandlers } from './routes/histograms';
import { imageEndpoints, imageHandlers } from './routes/images';
import { projectHandlers } from './routes/projects';
import { projectSearchHandlers } from './routes/projectSearch';
import { streamHandlers } from './routes/streams';
import { createServices, type SandboxServices } from './services';
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

/** A sandbox's app and the parts a persisted sandbox journals and replays. */
export interface SandboxApp extends RecordedParts {
  /** Starts what runs by itself: the firehose and export progress. After any replay. */
  startBackground(): void;
}

/**
 * A handler for every operation of the API's contract: one missing, or of the wrong type, is a
 * compile error here (test/types/handlers.ts shows it).
 */
export function apiHandlers(services: SandboxServices): Handlers {
  return {
    ...creditHandlers(services),
    ...projectHandlers(services),
    ...histogramHandlers(services),
    ...projectSearchHandlers(services),
    ...customMetricHandlers(services),
    ...documentHandlers(services),
    ...streamHandlers(services),
    ...collectorHandlers(services),
    ...exportHandlers(services),
    ...imageHandlers(),
  };
}

export function buildApp(
  context: SandboxContext,
  store: DocumentStore,
  corpus: Pick<OpenedCorpus, 'live'>,
): SandboxApp {
  const services = createServices(context, store, corpus);
  const { firehose, tasks, connections } = services;
  const app = createFastify(services.output);
  installPipeline(app, services.output);
  const handlers = apiHandlers(services);
  const inScope: readonly OperationName[] = ['detectImageAt', 'detectImageFile'];
  const endpoints: Endpoint[] = [
    ...controlEndpoints(services),
    ...contractEndpoints(
      handlers,
      (Object.keys(handlers) as OperationName[]).filter((name) => !inScope.includes(name)),
    ),
  ];
  const registered = registrar(app, context, services.output);
  for (const each of endpoints) each.register(registered);
  // Multipart parsing stays inside the image endpoints' own plugin scope.
  void app.register(async (scope) => imageEndpoints(scope, services));
  // Tasks progress on the virtual clock; this timer keeps them moving as wall time passes.
  let taskTimer: NodeJS.Timeout | undefined;
  // Open result streams would keep close() waiting for ever: end them first.
  app.addHook('preClose', (done) => {
    firehose.stop();
    clearInterval(taskTimer);
    connections.endAll();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    services.output.close();
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
  const stopSettling = new AbortController();
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
      tokens: {
        readWrite: options.token,
        readOnly: options.readOnlyToken,
        unlimited: options.unlimitedToken,
      },
    };
    const store = new DocumentStore();
    // The seeded corpus: 30 days of coverage ending now; the same seed gives the same documents.
    // A kept corpus's file is read while the app is built and made ready (Fastify's start):
    // reading 37 MB took 150–250 ms here, in which this thread had nothing to do.
    const opening = openCorpus({
      seed: options.seed,
      docs: options.docs,
      now: dataDir?.meta.anchor ?? clock.now(),
      snapshotDir: options.snapshotDir,
      log: options.log,
    });
    // Awaited below; a failure before then (building the app) must not leave it unhandled.
    opening.catch(() => undefined);
    let opened: OpenedCorpus | undefined;
    // Live documents come from the corpus's state, after the start (startBackground).
    sandbox = buildApp(context, store, {
      live: (at) => {
        if (!opened) throw new Error('a live document before the corpus was opened');
        return opened.live(at);
      },
    });
    let recorder: Recorder | undefined;
    if (dataDir) {
      recorder = new Recorder(dataDir.journal);
      recorder.attach(sandbox);
      sandbox.app.addHook('onClose', (_instance, done) => {
        dataDir.close();
        done();
      });
    }
    // No hook can be added past this point; the routes read the store only when asked.
    await sandbox.app.ready();
    const corpus = (opened = await opening);
    if (corpus.postings) store.addIndexed(corpus.list, corpus.postings);
    else for (const document of corpus.documents) store.add(document);
    const keep = corpus.keep(store.index.postingLists());
    for (const document of overrides.documents ?? []) store.add(document);
    let restored: ReplaySummary | undefined;
    if (dataDir && recorder) {
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
    // A kept corpus's documents are read between requests from now on; close() stops that.
    const settling = corpus.settle(stopSettling.signal);
    const address = sandbox.app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    return {
      url: `http://${host}:${port}`,
      clock,
      ...(restored ? { restored } : {}),
      close: async () => {
        stopSettling.abort();
        await app.close();
        await settling;
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
