// The floor of the large-file benchmark (largeFile.ts): a language server that does nothing but
// hold its documents, with the libraries ours is built on (vscode-languageserver and
// vscode-languageserver-textdocument, incremental sync). Its peak memory is what receiving and
// keeping the text costs any server of this stack; ours adds its analysis to that. It answers the
// same requests: no diagnostics, no symbols, no semantic tokens, and for formatting a plain pass
// over the text (each line's trailing blanks removed, one edit for the whole document), so its
// formatting time is a request's round trip plus one linear pass over the text and a reply of the
// text's size: what formatting costs before any parsing or layout.
import { createConnection, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

const connection = createConnection();
const documents = new TextDocuments(TextDocument);

connection.onInitialize(() => ({
  capabilities: {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    documentSymbolProvider: true,
    documentFormattingProvider: true,
    semanticTokensProvider: { legend: { tokenTypes: [], tokenModifiers: [] }, full: true },
  },
}));
documents.onDidChangeContent(({ document }) => {
  void connection.sendDiagnostics({
    uri: document.uri,
    version: document.version,
    diagnostics: [],
  });
});
connection.onDocumentSymbol(() => []);
connection.languages.semanticTokens.on(() => ({ data: [] }));
connection.onDocumentFormatting(({ textDocument }) => {
  const document = documents.get(textDocument.uri);
  if (!document) return [];
  const text = document.getText();
  const formatted = text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .join('\n');
  return [
    {
      range: { start: { line: 0, character: 0 }, end: document.positionAt(text.length) },
      newText: formatted,
    },
  ];
});
documents.listen(connection);
connection.listen();
