// An upload undone from its report panel: "Delete the N Applied Documents" takes every document
// the report lists as applied (read from the NDJSON report, not the panel's rows, which stop at
// MAX_ROWS_PER_OUTCOME) out of search, after the question; "Undelete" brings back those this
// panel deleted. One per shown report; it remembers which it deleted. In dist/live.js.
import * as vscode from 'vscode';
import type { DocumentRemoval, UploadOperation } from '../../../core/api/schemas/uploads';
import { readChunks } from '../../../core/uploads/fileChunks';
import { doneFate, type RemovalTarget } from '../../../core/uploads/removal';
import { readUrlList, urlListOf } from '../../../core/uploads/urlList';
import type { Removal } from '../../../media/report/protocol';
import { confirmAndRemove, type RemovalServices } from './removal';

export class ReportRemoval {
  /** The report's documents this panel deleted and did not undelete since, in report order. */
  private deleted: readonly string[] = [];

  constructor(
    private readonly s: RemovalServices,
    private readonly target: RemovalTarget,
    private readonly report: { readonly path: string; readonly source: string },
    private readonly mode: UploadOperation,
  ) {}

  /** `column`: where the summary goes, beside the panel. */
  async remove(action: DocumentRemoval, column: vscode.ViewColumn): Promise<Removal | undefined> {
    const list =
      action === 'delete'
        ? await readUrlList(readChunks(this.report.path))
        : urlListOf(this.deleted.join('\n'));
    if (list.urls.length === 0) {
      void vscode.window.showInformationMessage(
        `Media Monitoring: the report of ${this.report.source} lists no ${action === 'delete' ? 'applied' : 'deleted'} document.`,
      );
      return undefined;
    }
    const note =
      action === 'delete'
        ? `The documents of ${this.report.source} its report lists as applied.` +
          (this.mode === 'create'
            ? ''
            : ` The upload ${this.mode === 'update' ? 'updated' : 'upserted'} them: deleting takes each document out of search, not only this upload's changes.`)
        : undefined;
    const result = await confirmAndRemove(this.s, {
      action,
      target: this.target,
      list,
      ...(note === undefined ? {} : { note }),
      summaryColumn: column,
    });
    if (!result) return undefined;
    const done = new Set(
      result.lines.filter((line) => line.outcome === doneFate(action)).map((line) => line.url),
    );
    const had = new Set(this.deleted);
    this.deleted =
      action === 'delete'
        ? [...this.deleted, ...[...done].filter((url) => !had.has(url))]
        : this.deleted.filter((url) => !done.has(url));
    return { action, running: false, summary: result.summary, deleted: this.deleted.length };
  }
}
