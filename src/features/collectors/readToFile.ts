// Read everything a collector holds to a file: NDJSON or CSV, a file chosen in the
// save dialog (which asks before replacing one), written as results arrive with the count in the
// progress notification and Cancel, and the count at the end. Never opened in an editor: a
// collector may hold millions of results.
import { counted } from '../../../core/plural';
import * as vscode from 'vscode';
import { collectorToFile } from '../../../core/streams/collectorToFile';
import { CSV_COLUMNS, type ResultFileFormat } from '../../../core/streams/resultFile';
import { pickOne } from '../../shell/inputs';
import type { CollectorServices } from './collectorServices';

const FORMATS: Readonly<Record<ResultFileFormat, { extension: string; filter: string }>> = {
  ndjson: { extension: 'ndjson', filter: 'NDJSON' },
  csv: { extension: 'csv', filter: 'CSV' },
};

export function chooseFormat(collectorId: string): Promise<ResultFileFormat | undefined> {
  return pickOne<ResultFileFormat>(`Save collector ${collectorId} as`, [
    {
      label: 'NDJSON',
      description: 'one document per line, every field',
      value: 'ndjson',
    },
    { label: 'CSV', description: CSV_COLUMNS.join(', '), value: 'csv' },
  ]);
}

/** The file's path on the machine the extension runs on; undefined for another file system. */
function localPath(uri: vscode.Uri): string | undefined {
  return uri.scheme === 'file' || uri.scheme === 'vscode-remote' ? uri.fsPath : undefined;
}

export interface Expected {
  /** What the results are: "the export task's results". */
  readonly what: string;
  readonly count: number;
}

/**
 * Reads `collectorId` from the earliest result to the last stored one into a file; resolves with
 * the count written, or undefined when the user left or it failed (shown).
 */
export async function readCollectorToFile(
  s: CollectorServices,
  collectorId: string,
  format?: ResultFileFormat,
  expected?: Expected,
): Promise<number | undefined> {
  const chosen = format ?? (await chooseFormat(collectorId));
  if (!chosen) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `${collectorId}.${FORMATS[chosen].extension}`;
  const target = await s.questions.saveLocation({
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
    filters: { [FORMATS[chosen].filter]: [FORMATS[chosen].extension] },
    saveLabel: 'Save',
    title: `Save collector ${collectorId}`,
  });
  if (!target) return undefined;
  const path = localPath(target);
  if (path === undefined) {
    void vscode.window.showErrorMessage(
      `Media Monitoring: choose a file on this machine (${target.scheme} files cannot be written as a stream).`,
    );
    return undefined;
  }
  const shown = vscode.workspace.asRelativePath(target);
  const written = await s.runner.call(
    { title: `Read collector ${collectorId} to ${shown}` },
    async (call) =>
      collectorToFile(call.client, {
        collectorId,
        path,
        format: chosen,
        signal: call.signal,
        onProgress: (count) => call.report(counted(count, 'result')),
        onReconnect: (reason) => s.log.warn(`collector ${collectorId}: reconnecting: ${reason}`),
      }),
  );
  if (!written) return undefined;
  await s.streams.noteCollectorRead(collectorId);
  s.streams.refresh();
  const count = counted(written.count, 'result');
  if (!written.complete) {
    s.runner.done(`Collector ${collectorId}: cancelled; ${shown} holds the first ${count}`);
    return written.count;
  }
  s.log.info(`collector ${collectorId}: ${count} saved to ${path}`);
  s.runner.done(`Collector ${collectorId}: ${count} saved to ${shown}`);
  if (expected && expected.count !== written.count)
    void vscode.window.showWarningMessage(
      `Media Monitoring: ${shown} holds ${count}, ${expected.what} ${expected.count.toLocaleString('en')}: collector ${collectorId} also holds results from elsewhere (live ones, or an earlier export).`,
    );
  return written.count;
}
