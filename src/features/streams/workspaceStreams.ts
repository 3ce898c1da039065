// The workspace's `.mmq` files that define streams (`// @stream <id>`), read when the Streams
// view opens a stream.
import * as vscode from 'vscode';
import { streamsBundle } from './streamsBundle';
import type { RuleSource } from './streamRules';

const MAX_FILES = 2_000;

export async function workspaceStreamRules(streamId: string): Promise<readonly RuleSource[]> {
  const uris = await vscode.workspace.findFiles('**/*.mmq', '**/node_modules/**', MAX_FILES);
  const decoder = new TextDecoder();
  const files = await Promise.all(
    uris.map(async (uri) => {
      // An open document may have unsaved changes: those are what the user sees.
      const open = vscode.workspace.textDocuments.find(
        (document) => document.uri.toString() === uri.toString(),
      );
      const text = open ? open.getText() : decoder.decode(await vscode.workspace.fs.readFile(uri));
      return { uri: uri.toString(), text };
    }),
  );
  return streamsBundle().streamRulesIn(files).get(streamId) ?? [];
}
