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
import { AnalysisCache, type Analysis } from './analysisCache';
import { Debouncer } from './debounce';
import { codeActions } from './features/codeActions';
import { completions } from './features/completion';
import { lspDiagnostics } from './features/diagnostics';
import { formatDocument, formatDocumentRange } from './features/formatting';
import { hover } from './features/hover';
import { documentSymbols, foldingRanges } from './features/outline';
import { SEMANTIC_TOKENS_LEGEND, semanticTokens } from './features/semanticTokens';
import { SettingsStore } from './settings';

/** Quiet time after the last edit before a document is re-analysed. */
const DIAGNOSTICS_DELAY_MS = 200;

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const cache = new AnalysisCache();
  const settings = new SettingsStore(connection);
  const debouncer = new Debouncer(DIAGNOSTICS_DELAY_MS);
  let configurationChangeRegistration = false;

  const analysisOf = (uri: string): Analysis | undefined => {
    const document = documents.get(uri);
    return document ? cache.get(uri, document.version, () => document.getText()) : undefined;
  };

  const publishDiagnostics = async (uri: string): Promise<void> => {
    const document = documents.get(uri);
    if (!document) return;
    const version = document.version;
    const userSettings = await settings.get(uri);
    const analysis = analysisOf(uri);
    // A newer version arrived while settings were fetched: its own run will publish.
    if (!analysis || documents.get(uri)?.version !== version) return;
    await connection.sendDiagnostics({
      uri,
      version,
      diagnostics: lspDiagnostics(analysis, userSettings),
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
    cache.delete(event.document.uri);
    settings.forget(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  connection.onCompletion((params) => {
    const analysis = analysisOf(params.textDocument.uri);
    return analysis ? completions(analysis, params.position) : [];
  });
  connection.onHover((params) => {
    const analysis = analysisOf(params.textDocument.uri);
    return analysis ? hover(analysis, params.position) : null;
  });
  connection.onDocumentSymbol((params) => {
    const analysis = analysisOf(params.textDocument.uri);
    return analysis ? documentSymbols(analysis) : [];
  });
  connection.onFoldingRanges((params) => {
    const analysis = analysisOf(params.textDocument.uri);
    return analysis ? foldingRanges(analysis) : [];
  });
  connection.languages.semanticTokens.on((params) => {
    const analysis = analysisOf(params.textDocument.uri);
    return analysis ? semanticTokens(analysis) : { data: [] };
  });
  connection.onDocumentFormatting(async (params) => {
    const analysis = analysisOf(params.textDocument.uri);
    if (!analysis) return [];
    const { lineWidth } = await settings.get(params.textDocument.uri);
    return formatDocument(analysis, params.options, lineWidth);
  });
  connection.onDocumentRangeFormatting(async (params) => {
    const analysis = analysisOf(params.textDocument.uri);
    if (!analysis) return [];
    const { lineWidth } = await settings.get(params.textDocument.uri);
    return formatDocumentRange(analysis, params.range, params.options, lineWidth);
  });
  connection.onCodeAction((params) => {
    const analysis = analysisOf(params.textDocument.uri);
    return analysis ? codeActions(analysis, params) : [];
  });
  connection.onShutdown(() => debouncer.dispose());

  documents.listen(connection);
  connection.listen();
}

startServer(createConnection(ProposedFeatures.all));
