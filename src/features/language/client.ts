// Starts the .mmq language server (dist/server.js) over stdio, as spec/cli.md defines its
// interface, so VS Code and any other editor talk to the same process the same way.
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import type { InitializationOptions } from '../../../server/protocol';
import { CONFIGURATION_SECTION, LANGUAGE_ID } from './languageId';

export function createLanguageClient(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
): LanguageClient {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio },
    debug: {
      module: serverModule,
      transport: TransportKind.stdio,
      options: { execArgv: ['--nolazy', '--inspect=0'] },
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: LANGUAGE_ID, scheme: 'file' },
      { language: LANGUAGE_ID, scheme: 'untitled' },
      { language: LANGUAGE_ID, scheme: 'vscode-remote' },
      { language: LANGUAGE_ID, scheme: 'mmq-readonly' },
    ],
    synchronize: { configurationSection: CONFIGURATION_SECTION },
    // The extension answers mediaMonitoring/projectContext (a project's tags and topics).
    initializationOptions: { projectContext: true } satisfies InitializationOptions,
    outputChannel: log,
    traceOutputChannel: log,
  };
  return new LanguageClient(
    'mediaMonitoring',
    'Media Monitoring Query Language',
    serverOptions,
    clientOptions,
  );
}
