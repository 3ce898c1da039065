// Uploads as the extension holds them: the command's services made once from the extension's
// context (which fits UploadHost as it is), the problems of uploaded files (kept while they
// apply: uploadDiagnostics.ts) and the report panel, all disposed with the extension; and deleting and undeleting documents, which undo
// uploads. In dist/live.js, so that none of it weighs on
// activation.
import * as vscode from 'vscode';
import type { DocumentRemoval } from '../../../core/api/schemas/uploads';
import type { CommandRunner } from '../../shell/commands/runner';
import type { Connection } from '../../shell/connection/connection';
import { serviceKey } from '../../shell/connection/settings';
import type { Questions } from '../../shell/questions';
import { UploadReportPanel } from './reportPanel';
import { removeDocumentsCommand, type RemovalRequest } from './removeCommand';
import { uploadDocuments, type UploadServices } from './upload';
import { UploadDiagnostics } from './uploadDiagnostics';
import type { UploadRequest } from './uploadTarget';

export interface UploadHost {
  readonly extension: { readonly extensionUri: vscode.Uri };
  readonly log: vscode.LogOutputChannel;
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly connection: Pick<Connection, 'state' | 'client' | 'onDidChange' | 'onDidResetSandbox'>;
  /** Where the per-URL summary of a delete or an undelete is shown. */
  readonly documents: {
    show(path: string, text: string, column?: vscode.ViewColumn): Promise<unknown>;
  };
  /** Asks which project; undefined when the user chose none. */
  readonly pickProject: (placeHolder: string) => Promise<string | undefined>;
}

export class Uploads implements vscode.Disposable {
  private readonly services: UploadServices;
  private readonly diagnostics: UploadDiagnostics;

  constructor(host: UploadHost) {
    this.diagnostics = new UploadDiagnostics({
      service: serviceKey,
      onDidChangeConnection: host.connection.onDidChange,
      onDidResetSandbox: host.connection.onDidResetSandbox,
    });
    this.services = {
      runner: host.runner,
      questions: host.questions,
      client: () => host.connection.client(),
      pickProject: (placeHolder) => host.pickProject(placeHolder),
      diagnostics: this.diagnostics,
      reports: new UploadReportPanel(host.extension.extensionUri, host.log),
      sandbox: () => host.connection.state.kind === 'connected' && host.connection.state.sandbox,
      removal: {
        runner: host.runner,
        questions: host.questions,
        showText: (path, text, column) => host.documents.show(path, text, column),
      },
    };
  }

  /** The command: `resource` is the explorer's or the editor's file; `request` a test's answers. */
  upload(resource?: unknown, request?: UploadRequest): Promise<void> {
    return uploadDocuments(this.services, resource, request);
  }

  /** Delete Documents… and Undelete Documents…: `request` a test's answers. */
  remove(action: DocumentRemoval, request?: RemovalRequest): Promise<void> {
    const { removal, client, pickProject } = this.services;
    return removeDocumentsCommand({ ...removal, client, pickProject }, action, request);
  }

  dispose(): void {
    this.diagnostics.dispose();
    this.services.reports.dispose();
  }
}
