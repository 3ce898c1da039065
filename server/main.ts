// The .mmq language server (dist/server.js): LSP over stdio (`--stdio`) or Node IPC, an adapter
// over core/query. Every feature is a plain function of the document's analysis in features/.
import {
  createConnection,
  DidChangeConfigurationNotification,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from './analysisCache';
import { Debouncer } from './debounce';
import { SEMANTIC_TOKENS_LEGEND } from './features/legend';
import { SettingsStore } from './settings';

type Features = typeof import('./features/index');

/** Quiet time after the last edit before a document is re-analysed. */
const DIAGNOSTICS_DELAY_MS = 200;

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  // The language core loads on the first request that needs it, not before `initialize`.
  let loading:
    Promise<{ features: Features; cache: InstanceType<Features['AnalysisCache']> }> | undefined;
  const load = () =>
    (loading ??= import('./features/index').then((features) => ({
      features,
      cache: new features.AnalysisCache(),
    })));
  const settings = new SettingsStore(connection);
  const debouncer = new Debouncer(DIAGNOSTICS_DELAY_MS);
  let configurationChangeRegistration = false;

  const analysisOf = async (
    uri: string,
  ): Promise<{ analysis: Analysis; features: Features } | undefined> => {
    const document = documents.get(uri);
    if (!document) return undefined;
    const { features, cache } = await load();
    return { analysis: cache.get(uri, document.version, () => document.getText()), features };
  };

  const publishDiagnostics = async (uri: string): Promise<void> => {
    const document = documents.get(uri);
    if (!document) return;
    const version = document.version;
    const userSettings = await settings.get(uri);
    const loaded = await analysisOf(uri);
    // A newer version arrived while settings were fetched: its own run will publish.
    if (!loaded || documents.get(uri)?.version !== version) return;
    await connection.sendDiagnostics({
      uri,
      version,
      diagnostics: loaded.features.lspDiagnostics(loaded.analysis, userSettings),
    });
  };

  const publishSoon = (uri: string): void => {
    debouncer.schedule(uri, () => {
      publishDiagnostics(uri).catch((error: unknown) =>
        connection.console.error(`diagnostics failed for ${uri}: ${String(error)}`),
      );
    });
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    settings.enable(params.capabilities.workspace?.configuration === true);
    configurationChangeRegistration =
      params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    return {
      capabilities: {
        positionEncoding: 'utf-16',
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [':', '@', '#'] },
        hoverProvider: true,
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
      },
      serverInfo: { name: 'mmq-language-server', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (configurationChangeRegistration) {
      void connection.client.register(DidChangeConfigurationNotification.type, {
        section: 'mediaMonitoring',
      });
    }
  });

  connection.onDidChangeConfiguration(() => {
    settings.clear();
    for (const document of documents.all()) publishSoon(document.uri);
  });

  documents.onDidOpen((event) => {
    // Opening shows problems at once; only typing waits for a pause.
    publishDiagnostics(event.document.uri).catch((error: unknown) =>
      connection.console.error(String(error)),
    );
  });
  documents.onDidChangeContent((event) => publishSoon(event.document.uri));
  documents.onDidClose((event) => {
    debouncer.cancel(event.document.uri);
    void load().then(({ cache }) => cache.delete(event.document.uri));
    settings.forget(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  connection.onCompletion(async (params) => {
    const loaded = await analysisOf(params.textDocument.uri);
    return loaded ? loaded.features.completions(loaded.analysis, params.position) : [];
  });
  connection.onHover(async (params) => {
    const loaded = await analysisOf(params.textDocument.uri);
    return loaded ? loaded.features.hover(loaded.analysis, params.position) : null;
  });
  connection.onDocumentSymbol(async (params) => {
    const loaded = await analysisOf(params.textDocument.uri);
    return loaded ? loaded.features.documentSymbols(loaded.analysis) : [];
  });
  connection.onFoldingRanges(async (params) => {
    const loaded = await analysisOf(params.textDocument.uri);
    return loaded ? loaded.features.foldingRanges(loaded.analysis) : [];
  });
  connection.languages.semanticTokens.on(async (params) => {
    const loaded = await analysisOf(params.textDocument.uri);
    return loaded ? loaded.features.semanticTokens(loaded.analysis) : { data: [] };
  });
  connection.onDocumentFormatting(async (params) => {
    const loaded = await analysisOf(params.textDocument.uri);
    if (!loaded) return [];
    const { lineWidth } = await settings.get(params.textDocument.uri);
    return loaded.features.formatDocument(loaded.analysis, params.options, lineWidth);
  });
  connection.onDocumentRangeFormatting(async (params) => {
    const loaded = await analysisOf(params.textDocument.uri);
    if (!loaded) return [];
    const { lineWidth } = await settings.get(params.textDocument.uri);
    return loaded.features.formatDocumentRange(
      loaded.analysis,
      params.range,
      params.options,
      lineWidth,
    );
  });
  connection.onCodeAction(async (params) => {
    const loaded = await analysisOf(params.textDocument.uri);
    return loaded ? loaded.features.codeActions(loaded.analysis, params) : [];
  });
  connection.onShutdown(() => debouncer.dispose());

  documents.listen(connection);
  connection.listen();
}

startServer(createConnection(ProposedFeatures.all));
