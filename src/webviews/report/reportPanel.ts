// The upload report panel: one panel, reused by each upload (the newest report replaces what it
// shows), opened beside the editor. It shows what became of each document as a table; its line
// numbers open the source file at that line, its buttons retry the failed documents or open the
// NDJSON report. Messages are checked on arrival (media/uploadReportProtocol.ts).
import { basename } from 'node:path';
import * as vscode from 'vscode';
import {
  readFromReportPanel,
  type FromReportPanel,
  type ToReportPanel,
  type UploadReport,
} from '../../../media/uploadReportProtocol';
import { PanelHost } from '../panelHost';

export const UPLOAD_REPORT_VIEW_TYPE = 'mediaMonitoring.uploadReport';

export interface ShownReport {
  readonly report: UploadReport;
  /** The uploaded file, whose lines the table names. */
  readonly source: vscode.Uri;
  /** The NDJSON report next to it. */
  readonly reportFile: vscode.Uri;
  /** Sends the failed documents again; absent when none failed. */
  readonly retry?: () => Promise<void>;
}

export class UploadReportPanel implements vscode.Disposable {
  private host: PanelHost<ToReportPanel, FromReportPanel> | undefined;
  private shown: ShownReport | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async show(shown: ShownReport): Promise<void> {
    const opened = this.host !== undefined;
    const host = this.open();
    this.shown = shown;
    host.title = `Upload report: ${basename(shown.source.fsPath)}`;
    host.reveal();
    // A new panel gets the report when its page says ready (answer() below).
    if (opened) await host.post({ type: 'show', report: shown.report });
  }

  private open(): PanelHost<ToReportPanel, FromReportPanel> {
    if (this.host) return this.host;
    const host = PanelHost.open<ToReportPanel, FromReportPanel>(
      this.extensionUri,
      {
        viewType: UPLOAD_REPORT_VIEW_TYPE,
        bundle: 'report',
        title: 'Upload report',
        read: readFromReportPanel,
        isReady: (message) => message.type === 'ready',
        log: this.log,
      },
      vscode.ViewColumn.Beside,
    );
    host.onMessage((message) => {
      this.answer(host, message).catch((error: unknown) => {
        const text = error instanceof Error ? error.message : String(error);
        this.log.error(`upload report: ${text}`);
        void vscode.window.showErrorMessage(`Media Monitoring: ${text}`);
      });
    });
    host.onDidDispose(() => {
      if (this.host === host) this.host = undefined;
      host.dispose();
    });
    this.host = host;
    return host;
  }

  private async answer(
    host: PanelHost<ToReportPanel, FromReportPanel>,
    message: FromReportPanel,
  ): Promise<void> {
    const shown = this.shown;
    if (!shown) return;
    // The page (re)loaded: a new panel, or one VS Code hid and showed again, which reloads it.
    if (message.type === 'ready') {
      await host.post({ type: 'show', report: shown.report });
      return;
    }
    // An answer about a report the panel no longer shows is late: ignored.
    if (message.id !== shown.report.id) return;
    switch (message.type) {
      case 'drawn':
        this.log.info(`upload report of ${shown.report.source} drawn: ${message.rows} rows`);
        return;
      case 'reveal': {
        const at = new vscode.Position(message.line - 1, 0);
        await vscode.window.showTextDocument(shown.source, {
          viewColumn: this.besideThePanel(host),
          selection: new vscode.Range(at, at),
        });
        return;
      }
      case 'openFile':
        await vscode.window.showTextDocument(shown.reportFile, {
          viewColumn: this.besideThePanel(host),
          preview: true,
        });
        return;
      case 'retry':
        if (!shown.retry) return;
        await host.post({ type: 'retrying', id: shown.report.id });
        await shown.retry();
        // A retry that stopped before sending (declined, nothing to send) leaves this report
        // shown: its button comes back.
        if (this.shown === shown) await host.post({ type: 'show', report: shown.report });
        return;
    }
  }

  /** A column other than the panel's, so that the table stays in sight of what it opens. */
  private besideThePanel(host: PanelHost<ToReportPanel, FromReportPanel>): vscode.ViewColumn {
    return host.panel.viewColumn === vscode.ViewColumn.One
      ? vscode.ViewColumn.Beside
      : vscode.ViewColumn.One;
  }

  dispose(): void {
    this.host?.dispose();
    this.host = undefined;
  }
}
