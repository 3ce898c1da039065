// The .mmq language server (dist/server.js): LSP over stdio (`--stdio`) or Node IPC, an adapter
// over core/query. Every feature is a plain function of the document's analysis in features/;
// this file only wires them to the connection and owns the lifetimes.
import {
  createConnection,
  DidChangeConfigurationNotification,
  ErrorCodes,
  ResponseError,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Disposable,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { join } from 'node:path';
import type { Analysis, AnalysisCache } from './analysisCache';
import type { TokenResults } from './features/tokenResults';
import { Debouncer } from './debounce';
import { openDocuments } from './documents/openDocument';
import { SEMANTIC_TOKENS_LEGEND } from './features/legend';
import { ProjectContextSource, readInitializationOptions } from './projectContext';
import { CheckQueryRequest, RulesRequest } from './protocol';
import { SettingsStore } from './settings';

type Features = typeof import('./features/index');

/** Quiet time after the last edit before a document is re-analysed and its problems published. */
const DIAGNOSTICS_DELAY_MS = 200;

export function startServer(connection: Connection): void {
  // The documents' texts are kept in pieces (documents/), so that an edit in a large file costs
  // the pieces it touches rather than a copy of the whole text.
  const documents = new TextDocuments(openDocuments);
  const settings = new SettingsStore(connection);
  const projectContext = new ProjectContextSource(connection);
  const debouncer = new Debouncer(DIAGNOSTICS_DELAY_MS);
  const disposables: Disposable[] = [];
  /** Documents whose didOpen has fired but not yet its onDidChangeContent (see below). */
  const justOpened = new Set<string>();
  let registerForConfigurationChanges = false;
  let shuttingDown = false;

  // The language core loads on the first request that needs it, not before `initialize`: it is
  // a bundle of its own (dist/serverFeatures.js, beside this one), so that starting the server
  // does not even read it.
  let loading:
    Promise<{ features: Features; cache: AnalysisCache; tokens: TokenResults }> | undefined;
  const load = () =>
    (loading ??= Promise.resolve().then(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const features = require(join(__dirname, 'serverFeatures.js')) as Features;
      return {
        features,
        cache: new features.AnalysisCache(),
        tokens: new features.TokenResults(),
      };
    }));

  /** The document's analysis for its current version (parsed once per version), and the features. */
  const analysisOf = async (
    uri: string,
  ): Promise<{ analysis: Analysis; features: Features } | undefined> => {
    const document = documents.get(uri);
    if (!document) return undefined;
    const { features, cache } = await load();
    return { analysis: cache.get(uri, document.version, document.text), features };
  };

  /** Runs a request on a document's analysis; a document the client never opened gets `empty`. */
  const onDocument = async <R>(
    uri: string,
    empty: R,
    run: (analysis: Analysis, features: Features) => R | Promise<R>,
  ): Promise<R> => {
    const loaded = await analysisOf(uri);
    return loaded ? run(loaded.analysis, loaded.features) : empty;
  };

  const publishDiagnostics = async (uri: string): Promise<void> => {
    const document = documents.get(uri);
    if (!document || shuttingDown) return;
    const version = document.version;
    const userSettings = await settings.get(uri);
    const loaded = await analysisOf(uri);
    // A newer version arrived while settings were fetched: its own run publishes.
    if (!loaded || shuttingDown || documents.get(uri)?.version !== version) return;
    await connection.sendDiagnostics({
      uri,
      version,
      diagnostics: loaded.features.lspDiagnostics(loaded.analysis, userSettings),
    });
  };

  const publishNow = (uri: string): void => {
    debouncer.cancel(uri);
    publishDiagnostics(uri).catch((error: unknown) =>
      connection.console.error(`diagnostics failed for ${uri}: ${String(error)}`),
    );
  };
  const publishSoon = (uri: string): void => debouncer.schedule(uri, () => publishNow(uri));

  disposables.push(
    connection.onInitialize((params: InitializeParams): InitializeResult => {
      settings.enable(params.capabilities.workspace?.configuration === true);
      projectContext.enable(readInitializationOptions(params.initializationOptions));
      registerForConfigurationChanges =
        params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
      return {
        capabilities: {
          // LSP's default, and what core/query's offsets are: JavaScript strings are UTF-16.
          positionEncoding: 'utf-16',
          textDocumentSync: TextDocumentSyncKind.Incremental,
          completionProvider: { triggerCharacters: [':', '@', '#'] },
          hoverProvider: true,
          documentSymbolProvider: true,
          foldingRangeProvider: true,
          documentFormattingProvider: true,
          documentRangeFormattingProvider: true,
          codeActionProvider: { codeActionKinds: ['quickfix'] },
          semanticTokensProvider: {
            legend: SEMANTIC_TOKENS_LEGEND,
            full: { delta: true },
            range: true,
          },
        },
        serverInfo: { name: 'mmq-language-server', version: '0.1.0' },
      };
    }),

    connection.onInitialized(() => {
      // Without this registration VS Code sends didChangeConfiguration with no content, or not at
      // all; with it, a change to `mediaMonitoring.*` arrives and the settings are pulled anew.
      // The client drops this registration itself when the server shuts down.
      if (registerForConfigurationChanges)
        void connection.client.register(DidChangeConfigurationNotification.type, {
          section: 'mediaMonitoring',
        });
    }),

    connection.onDidChangeConfiguration(() => {
      settings.clear();
      for (const document of documents.all()) publishSoon(document.uri);
    }),

    // TextDocuments fires onDidOpen and then onDidChangeContent for an opened document: opening
    // shows its problems at once, only typing waits for a pause, and nothing is published twice.
    documents.onDidOpen((event) => justOpened.add(event.document.uri)),
    documents.onDidChangeContent((event) => {
      if (justOpened.delete(event.document.uri)) publishNow(event.document.uri);
      else publishSoon(event.document.uri);
    }),
    documents.onDidClose((event) => {
      const uri = event.document.uri;
      justOpened.delete(uri);
      debouncer.cancel(uri);
      settings.forget(uri);
      void load().then(({ cache, tokens }) => {
        cache.delete(uri);
        tokens.forget(uri);
      });
      // A closed file's problems leave the Problems view with it.
      void connection.sendDiagnostics({ uri, diagnostics: [] });
    }),

    connection.onCompletion(({ textDocument, position }) =>
      onDocument(textDocument.uri, [], async (analysis, features) => {
        const project = features.completionNeedsProjectContext(analysis, position)
          ? await projectContext.get(features.annotatedProject(analysis))
          : undefined;
        return features.completions(analysis, position, project);
      }),
    ),
    connection.onHover(({ textDocument, position }) =>
      onDocument(textDocument.uri, null, (analysis, features) =>
        features.hover(analysis, position),
      ),
    ),
    connection.onDocumentSymbol(({ textDocument }) =>
      onDocument(textDocument.uri, [], (analysis, features) => features.documentSymbols(analysis)),
    ),
    connection.onFoldingRanges(({ textDocument }) =>
      onDocument(textDocument.uri, [], (analysis, features) => features.foldingRanges(analysis)),
    ),
    // The whole file's tokens are kept, and the next request after an edit answered with what
    // changed (tokenResults.ts).
    connection.languages.semanticTokens.on(({ textDocument }) =>
      onDocument(textDocument.uri, { data: [] }, async (analysis, features) =>
        (await load()).tokens.full(textDocument.uri, features.semanticTokens(analysis)),
      ),
    ),
    connection.languages.semanticTokens.onDelta(({ textDocument, previousResultId }) =>
      onDocument(textDocument.uri, { data: [] }, async (analysis, features) =>
        (await load()).tokens.delta(
          textDocument.uri,
          previousResultId,
          features.semanticTokens(analysis),
        ),
      ),
    ),
    connection.languages.semanticTokens.onRange(({ textDocument, range }) =>
      onDocument(textDocument.uri, { data: [] }, (analysis, features) =>
        features.semanticTokens(analysis, {
          start: analysis.lines.offsetAt(range.start),
          end: analysis.lines.offsetAt(range.end),
        }),
      ),
    ),
    connection.onDocumentFormatting(({ textDocument, options }) =>
      onDocument(textDocument.uri, [], async (analysis, features) => {
        const { lineWidth } = await settings.get(textDocument.uri);
        return features.formatDocument(analysis, options, lineWidth);
      }),
    ),
    connection.onDocumentRangeFormatting(({ textDocument, range, options }) =>
      onDocument(textDocument.uri, [], async (analysis, features) => {
        const { lineWidth } = await settings.get(textDocument.uri);
        return features.formatDocumentRange(analysis, range, options, lineWidth);
      }),
    ),
    connection.onCodeAction((params) =>
      onDocument(params.textDocument.uri, [], (analysis, features) =>
        features.codeActions(analysis, params),
      ),
    ),
    connection.onRequest(RulesRequest, (params: unknown) => {
      // Checked on arrival: a custom request has no schema the library enforces.
      const uri = (params as { uri?: unknown } | null)?.uri;
      if (typeof uri !== 'string')
        throw new ResponseError(ErrorCodes.InvalidParams, 'mediaMonitoring/rules takes { uri }');
      return onDocument(uri, null, (analysis, features) => features.fileRules(analysis));
    }),
    connection.onRequest(CheckQueryRequest, async (params: unknown) => {
      const query = (params as { query?: unknown } | null)?.query;
      if (typeof query !== 'string')
        throw new ResponseError(
          ErrorCodes.InvalidParams,
          'mediaMonitoring/checkQuery takes { query }',
        );
      return (await load()).features.checkQuery(query);
    }),

    documents.listen(connection),
  );

  // After `shutdown` only `exit` may come (the connection then ends the process, with status 0
  // since shutdown came first): every handler and timer goes now, so nothing runs or publishes.
  connection.onShutdown(() => {
    shuttingDown = true;
    debouncer.dispose();
    for (const disposable of disposables.splice(0)) disposable.dispose();
  });

  connection.listen();
}

startServer(createConnection(ProposedFeatures.all));
