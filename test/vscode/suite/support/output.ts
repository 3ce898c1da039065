// What an output channel shows: VS Code keeps a shown output channel as a text document of the
// `output` scheme, named after the channel, which the extension host sees among its documents.
import * as vscode from 'vscode';

/** The text of the output channel `name` as VS Code holds it, or undefined when it has none. */
export function outputChannelText(name: string): string | undefined {
  const documents = vscode.workspace.textDocuments.filter(
    (document) => document.uri.scheme === 'output',
  );
  // `output:extension-output-<extension id>-#1-<channel name>`, URI-encoded.
  return documents
    .find((document) => decodeURIComponent(document.uri.toString()).endsWith(`-${name}`))
    ?.getText();
}
