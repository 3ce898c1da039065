// The extension's context (rust-analyzer's `Ctx`): the few long-lived parts every feature uses
// (the log, the connection, the command runner, questions, feedback, read-only documents), the
// order they are made in, and their disposal, in reverse. Nothing feature-specific: each feature
// is made by src/extension.ts, takes what it needs from here and from the ports of others
// (ports.ts), and hands its own disposables to own().
import * as vscode from 'vscode';
import { CommandRunner } from './commands/runner';
import { Connection } from './connection/connection';
import { TokenStore } from './connection/token';
import type { FeatureServices } from './featureServices';
import { Feedback } from './feedback';
import { Questions } from './questions';
import { READONLY_SCHEME, ReadonlyDocuments } from './readonlyDocuments';

export class Ctx implements vscode.Disposable {
  readonly log: vscode.LogOutputChannel;
  readonly tokens: TokenStore;
  readonly connection: Connection;
  readonly feedback: Feedback;
  readonly questions: Questions;
  readonly runner: CommandRunner;
  readonly documents: ReadonlyDocuments;
  private readonly owned: vscode.Disposable[] = [];

  constructor(readonly extension: vscode.ExtensionContext) {
    this.log = this.own(vscode.window.createOutputChannel('Media Monitoring', { log: true }));
    this.tokens = this.own(new TokenStore(extension.secrets));
    this.connection = this.own(
      new Connection(this.tokens, this.log, version(extension), extension.globalStorageUri),
    );
    this.feedback = new Feedback(this.log);
    this.questions = new Questions(this.log);
    this.runner = new CommandRunner(
      this.connection,
      this.questions,
      this.feedback,
      this.log,
      extension.globalState,
    );
    this.documents = this.own(new ReadonlyDocuments());
    this.own(
      vscode.workspace.registerFileSystemProvider(READONLY_SCHEME, this.documents, {
        isReadonly: true,
        isCaseSensitive: true,
      }),
    );
  }

  /** What a feature's lazily loaded bundle is handed of the shell. */
  services(): FeatureServices {
    return {
      runner: this.runner,
      questions: this.questions,
      client: () => this.connection.client(),
      documents: this.documents,
      log: this.log,
      extensionUri: this.extension.extensionUri,
      workspaceState: this.extension.workspaceState,
      sandbox: () => this.connection.state.kind === 'connected' && this.connection.state.sandbox,
    };
  }

  /** Takes ownership: disposed with the context, in reverse order of taking. */
  own<T extends vscode.Disposable>(part: T): T {
    this.owned.push(part);
    return part;
  }

  dispose(): void {
    for (const part of this.owned.splice(0).reverse()) {
      try {
        part.dispose();
      } catch (error: unknown) {
        console.error('Media Monitoring: disposing failed', error);
      }
    }
  }
}

function version(extension: vscode.ExtensionContext): string {
  const declared = (extension.extension.packageJSON as { version?: unknown }).version;
  return typeof declared === 'string' ? declared : '0.0.0';
}
