// The upload report panel: one panel, reused by each upload (the newest report replaces what it
// shows), opened beside the editor. It shows what became of each document as a table; its line
// numbers open the source file at that line, its buttons retry the failed documents, open the
// NDJSON report, or delete the applied documents from search and undelete them again. Messages
// are checked on arrival (media/report/protocol.ts).
import { counted } from '../../../core/plural';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import {
  readFromReportPanel,
  type FromReportPanel,
  type Removal,
  type RemovalAction,
  type ToReportPanel,
  type UploadReport,
} from '../../../media/report/protocol';
import type { PanelHost } from '../../shell/webviews/panelHost';
import { SinglePanel } from '../../shell/webviews/singlePanel';

export const UPLOAD_REPORT_VIEW_TYPE = 'mediaMonitoring.uploadReport';

export interface ShownReport {
  readonly report: UploadReport;
  /** The uploaded file, whose lines the table names. */
  readonly source: vscode.Uri;
  /** The NDJSON report next to it. */
  readonly reportFile: vscode.Uri;
  /** Sends the failed documents again; absent when none failed. */
  readonly retry?: () => Promise<void>;
  /**
   * Deletes the applied documents from search, or undeletes those deleted (after a question);
   * what it came to, or undefined when nothing ran. Absent when none applied.
   */
  readonly remove?: (
    action: RemovalAction,
    /** A column beside the panel, for what it opens. */
    column: vscode.ViewColumn,
  ) => Promise<Removal | undefined>;
}

export class UploadReportPanel implements vscode.Disposable {
  private readonly panel: SinglePanel<ToReportPanel, FromReportPanel>;
  private shown: ShownReport | undefined;
  /** The last delete or undelete of the shown report's documents, shown again on a reload. */
  private removal: Removal | undefined;

  constructor(
    extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.panel = new SinglePanel(
      extensionUri,
      {
        viewType: UPLOAD_REPORT_VIEW_TYPE,
        bundle: 'report',
        title: 'Upload report',
        read: readFromReportPanel,
        isReady: (message) => message.type === 'ready',
        log,
      },
      (host, message) => {
        this.answer(host, message).catch((error: unknown) => {
          const text = error instanceof Error ? error.message : String(error);
          this.log.error(`upload report: ${text}`);
          void vscode.window.showErrorMessage(`Media Monitoring: ${text}`);
        });
      },
    );
  }

  async show(shown: ShownReport): Promise<void> {
    const opened = this.panel.isOpen;
    const host = this.panel.open();
    this.shown = shown;
    this.removal = undefined;
    host.title = `Upload report: ${basename(shown.source.fsPath)}`;
    host.reveal();
    // A new panel gets the report when its page says ready (answer() below).
    if (opened) await host.post(this.showMessage(shown));
  }

  private showMessage(shown: ShownReport): ToReportPanel {
    return {
      type: 'show',
      report: shown.report,
      ...(this.removal ? { removal: this.removal } : {}),
    };
  }

  private async answer(
    host: PanelHost<ToReportPanel, FromReportPanel>,
    message: FromReportPanel,
  ): Promise<void> {
    const shown = this.shown;
    if (!shown) return;
    // The page (re)loaded: a new panel, or one VS Code hid and showed again, which reloads it.
    if (message.type === 'ready') {
      await host.post(this.showMessage(shown));
      return;
    }
    // An answer about a report the panel no longer shows is late: ignored.
    if (message.id !== shown.report.id) return;
    switch (message.type) {
      case 'drawn':
        this.log.info(
          `upload report of ${shown.report.source} drawn: ${counted(message.rows, 'row')}`,
        );
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
        if (this.shown === shown) await host.post(this.showMessage(shown));
        return;
      case 'remove':
        await this.remove(host, shown, message.action);
        return;
    }
  }

  private async remove(
    host: PanelHost<ToReportPanel, FromReportPanel>,
    shown: ShownReport,
    action: RemovalAction,
  ): Promise<void> {
    if (!shown.remove || this.removal?.running) return;
    const before = this.removal;
    const id = shown.report.id;
    this.removal = { action, running: true, deleted: before?.deleted ?? 0 };
    await host.post({ type: 'removal', id, removal: this.removal });
    let after: Removal | undefined;
    try {
      after = await shown.remove(action, this.besideThePanel(host));
    } finally {
      // Declined, or failed (said by whoever failed): the panel as it was before, button back.
      if (this.shown === shown) {
        this.removal = after ?? (before && { ...before, running: false });
        await host.post({
          type: 'removal',
          id,
          removal: this.removal ?? { action, running: false, deleted: 0 },
        });
      }
    }
  }

  /** A column other than the panel's, so that the table stays in sight of what it opens. */
  private besideThePanel(host: PanelHost<ToReportPanel, FromReportPanel>): vscode.ViewColumn {
    return host.panel.viewColumn === vscode.ViewColumn.One
      ? vscode.ViewColumn.Beside
      : vscode.ViewColumn.One;
  }

  dispose(): void {
    this.panel.dispose();
  }
}
