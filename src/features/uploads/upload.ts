// Uploading documents from a JSON, NDJSON or CSV file, from the explorer's menu, the
// editor or the palette: into a project or one of its datasets, in a mode; every document checked
// before anything is sent, problems as diagnostics on the file's own lines; then batches of 500
// with progress and Cancel, and a per-document report (applied, refused with the service's
// reason, unknown, not-sent) saved next to the file and shown as a table, refusals as diagnostics
// too; "Retry the Failed Ones" sends only those and folds their new outcomes into the report;
// "Delete the N Applied Documents" undoes the upload (reportRemoval.ts).
// The file is read as a stream, twice (check, send), never whole; the report is written as the
// documents are reported. The use case is core/uploads/uploadSession.ts (shared with `mmq
// upload`): this file is its sinks (diagnostics, progress, the report file and panel). In
// dist/live.js.
import { counted } from '../../../core/plural';
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { UploadProblem } from '../../../core/uploads/checks';
import { customFieldsOf } from '../../../core/uploads/customFields';
import { readChunks } from '../../../core/uploads/fileChunks';
import { formatOf, type InputFormat } from '../../../core/uploads/formats';
import { ReportMerge } from '../../../core/uploads/mergeReport';
import type { PrepareOptions } from '../../../core/uploads/prepare';
import { describeCounts, type ReportLine } from '../../../core/uploads/report';
import { isUnreadable, reportItems, type ReportItem } from '../../../core/uploads/reportFile';
import { ReportSample } from '../../../core/uploads/reportSample';
import type { Span } from '../../../core/uploads/spans';
import { readRetryPlan } from '../../../core/uploads/retry';
import { UploadSession } from '../../../core/uploads/uploadSession';
import { MAX_ROWS_PER_OUTCOME, type ReportRow } from '../../../media/report/protocol';
import type { CommandRunner } from '../../shell/commands/runner';
import type { Questions } from '../../shell/questions';
import type { UploadReportPanel } from './reportPanel';
import type { RemovalServices } from './removal';
import type { UploadDiagnostics } from './uploadDiagnostics';
import { ReportRemoval } from './reportRemoval';
import { ReportWriter } from './reportWriter';
import {
  askUploadPlan,
  describeTarget,
  requestOf,
  type UploadPlan,
  type UploadRequest,
} from './uploadTarget';

export interface UploadServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly client: () => Promise<MediaMonitoringClient>;
  readonly pickProject: (placeHolder: string) => Promise<string | undefined>;
  readonly diagnostics: Pick<UploadDiagnostics, 'set'>;
  readonly reports: UploadReportPanel;
  /** Whether the extension is connected to the embedded sandbox now. */
  readonly sandbox: () => boolean;
  /** Deleting the applied documents from the report (and undeleting them). */
  readonly removal: RemovalServices;
}

/** Diagnostics shown per file at most: the Problems view is for reading, not for a million. */
const MAX_DIAGNOSTICS = 1_000;

let uploads = 0;

/** The value a problem is about when the reader knows where it is, else its whole line. */
function rangeOf(line: number, at: Span | undefined): vscode.Range {
  if (at) return new vscode.Range(at.line - 1, at.column, at.endLine - 1, at.endColumn);
  const index = Math.max(0, line - 1);
  return new vscode.Range(index, 0, index, Number.MAX_SAFE_INTEGER);
}

function diagnosticAt(
  line: number,
  message: string,
  severity: vscode.DiagnosticSeverity,
  at?: Span,
) {
  const diagnostic = new vscode.Diagnostic(rangeOf(line, at), message, severity);
  diagnostic.source = 'Media Monitoring upload';
  return diagnostic;
}

const problemText = (problem: UploadProblem) =>
  problem.field ? `${problem.field}: ${problem.message}` : problem.message;

const failureDiagnostic = (line: ReportLine) =>
  diagnosticAt(
    line.line,
    `${line.outcome}${line.status_code ? ` (code ${line.status_code})` : ''}: ${line.message ?? ''}`,
    line.outcome === 'refused'
      ? vscode.DiagnosticSeverity.Error
      : vscode.DiagnosticSeverity.Warning,
  );

const rowOf = (line: ReportLine, annotated: boolean): ReportRow => ({
  line: line.line,
  outcome: line.outcome,
  ...(line.url === undefined ? {} : { url: line.url }),
  ...(line.status_code === undefined ? {} : { status_code: line.status_code }),
  ...(line.message === undefined ? {} : { message: line.message }),
  ...(annotated && typeof line.entry?.sentiment === 'number'
    ? { sentiment: line.entry.sentiment }
    : {}),
});

/** The file a command is for: the URI it was given (explorer, editor title), or the active one. */
function fileOf(argument: unknown): vscode.Uri | undefined {
  if (argument instanceof vscode.Uri) return argument;
  return vscode.window.activeTextEditor?.document.uri;
}

/** What the report says, as the table shows it and the diagnostics mark it. */
class ReportSummary {
  readonly sample = new ReportSample(MAX_ROWS_PER_OUTCOME);
  readonly failures: vscode.Diagnostic[] = [];
  /** Set when the upload failed before every document was reported. */
  stoppedAfter: { readonly reported: number; readonly documents: number } | undefined;

  add(line: ReportLine): void {
    this.sample.add(line);
    if (
      (line.outcome === 'refused' || line.outcome === 'unknown') &&
      this.failures.length < MAX_DIAGNOSTICS
    )
      this.failures.push(failureDiagnostic(line));
  }
}

export async function uploadDocuments(
  s: UploadServices,
  argument: unknown,
  given?: UploadRequest,
  retryReport?: vscode.Uri,
): Promise<void> {
  const uri = fileOf(argument);
  const format: InputFormat | undefined = uri ? formatOf(uri.fsPath) : undefined;
  if (!uri || uri.scheme !== 'file' || !format) {
    void vscode.window.showInformationMessage(
      'Media Monitoring: upload documents from a saved .json, .ndjson or .csv file (its context menu in the Explorer).',
    );
    return;
  }
  if (vscode.workspace.textDocuments.some((doc) => doc.uri.fsPath === uri.fsPath && doc.isDirty)) {
    void vscode.window.showWarningMessage(
      `Media Monitoring: save ${vscode.workspace.asRelativePath(uri)} first: the upload reads the file on disk.`,
    );
    return;
  }
  const client = await s.client();
  const plan = await askUploadPlan(client, s.pickProject, given);
  if (!plan) return;
  const customMetrics =
    plan.templateId === undefined
      ? undefined
      : await customFieldsOf(client, plan.target.project, plan.templateId);
  // A report line that cannot be read is shown with the report (a note), not a refusal of it.
  const retry = retryReport
    ? await readRetryPlan(readChunks(retryReport.fsPath), { skipUnreadable: true })
    : undefined;
  const options: PrepareOptions = {
    mode: plan.mode,
    ...(customMetrics ? { customMetrics } : {}),
    ...(retry ? { retry } : {}),
  };
  const name = vscode.workspace.asRelativePath(uri);
  /**
   * A retry's new outcomes go into the earlier report as they come, each in its place. Lines of
   * it that are not report lines are kept as they were, in their places, and named in a note.
   */
  const session = new UploadSession(
    { format, chunks: (bytes) => readChunks(uri.fsPath, bytes) },
    options,
    retryReport ? new ReportMerge(reportItems(readChunks(retryReport.fsPath))) : undefined,
  );
  try {
    await checkAndSend(s, { uri, name, plan, session, retryReport });
  } finally {
    await session.close();
  }
}

interface Upload {
  readonly uri: vscode.Uri;
  readonly name: string;
  readonly plan: UploadPlan;
  readonly session: UploadSession<ReportItem>;
  readonly retryReport: vscode.Uri | undefined;
}

async function checkAndSend(s: UploadServices, upload: Upload): Promise<void> {
  const { uri, name, plan, session, retryReport } = upload;
  // First pass: every document checked; problems on their lines.
  const problems: vscode.Diagnostic[] = [];
  const { documents, refused: failing } = await session.check((found) => {
    for (const problem of found)
      if (problems.length < MAX_DIAGNOSTICS)
        problems.push(
          diagnosticAt(
            problem.line,
            problemText(problem),
            vscode.DiagnosticSeverity.Error,
            problem.at,
          ),
        );
  });
  s.diagnostics.set(uri, problems);
  if (documents === 0) {
    void vscode.window.showInformationMessage(
      `Media Monitoring: ${name} holds no documents${retryReport ? ' to retry' : ''}.`,
    );
    return;
  }
  if (failing > 0) {
    const sendValid = `Send the ${documents - failing} Valid Ones`;
    const choice = await s.questions.ask(
      `${failing.toLocaleString('en')} of ${counted(documents, 'document')} in ${name} ${failing === 1 ? 'has' : 'have'} problems: nothing was sent.`,
      'The problems are on their lines in the Problems view. Fix them, or send the others only.',
      ...(documents > failing ? [sendValid] : []),
    );
    if (choice !== sendValid) return;
  }

  // Second pass: the documents sent in batches, the report written in input order as it goes.
  const reportUri = retryReport ?? vscode.Uri.file(`${uri.fsPath}.report.ndjson`);
  if (!retryReport && existsSync(reportUri.fsPath)) {
    const replace = 'Replace';
    const choice = await s.questions.ask(
      `${vscode.workspace.asRelativePath(reportUri)} exists: replace it with this upload's report?`,
      'It is the report of an earlier upload of this file.',
      replace,
    );
    if (choice !== replace) return;
  }
  const summary = await send(s, upload, documents, reportUri);
  if (!summary) return;
  s.diagnostics.set(uri, [...problems, ...summary.failures]);
  await showReport(s, plan, uri, reportUri, summary);
}

/** Sends the documents; the report written (a retry's folded into the one it retried). */
async function send(
  s: UploadServices,
  { plan, session, name, retryReport }: Upload,
  documents: number,
  reportUri: vscode.Uri,
): Promise<ReportSummary | undefined> {
  const summary = new ReportSummary();
  const writer = new ReportWriter(reportUri.fsPath);
  const keep = async (line: ReportItem) => {
    if (!isUnreadable(line)) {
      summary.add(line);
      await writer.write(line);
    } else if (line.unreadable === undefined)
      // Too long to hold: it cannot be kept, only counted.
      summary.sample.addUnreadable(undefined);
    else {
      await writer.writeText(line.unreadable);
      summary.sample.addUnreadable(writer.lines);
    }
  };
  const finished = await s.runner.call(
    { title: `Upload ${name}${retryReport ? ' (retry)' : ''}`, cost: { kind: 'upload' } },
    async (call) => {
      const lines = session.send(
        call.client,
        plan.target,
        {
          record: (sending) => writer.record(sending),
          onBatch: (done) =>
            call.report(
              `${Object.values(done).reduce((sum, each) => sum + each, 0)} of ${documents}: ${describeCounts(done)}`,
            ),
        },
        { stop: call.signal },
      );
      for await (const line of lines) await keep(line);
      return true;
    },
  );
  // Whatever was reported is kept, even when the upload failed midway: it says what was sent.
  const { reported } = session;
  if (reported === 0) {
    await writer.abandon();
    return undefined;
  }
  for await (const each of session.rest()) await keep(each);
  await writer.commit();
  // A failure midway (the failure itself is shown by the runner): the report lists what was
  // reported up to it, and says it is not the whole file.
  if (finished !== true) summary.stoppedAfter = { reported, documents };
  return summary;
}

async function showReport(
  s: UploadServices,
  plan: UploadPlan,
  uri: vscode.Uri,
  reportUri: vscode.Uri,
  summary: ReportSummary,
): Promise<void> {
  const { sample } = summary;
  const name = vscode.workspace.asRelativePath(uri);
  const reportName = vscode.workspace.asRelativePath(reportUri);
  const stopped = summary.stoppedAfter;
  const text = stopped
    ? `Upload of ${name} stopped after ${stopped.reported.toLocaleString('en')} of ${counted(stopped.documents, 'document')}: ${describeCounts(sample.counts)}; ${reportName} lists those`
    : `Upload of ${name}: ${describeCounts(sample.counts)}; the report is ${reportName}`;
  s.runner.done(text);
  const annotated = plan.target.annotate !== undefined;
  const retry =
    sample.retryable > 0
      ? () =>
          s.runner.guard(`Retry the failed documents of ${name}`, () =>
            uploadDocuments(s, uri, requestOf(plan), reportUri),
          )
      : undefined;
  const removal =
    sample.counts.applied > 0
      ? new ReportRemoval(
          s.removal,
          {
            project: plan.target.project,
            ...(plan.target.dataset ? { dataset: plan.target.dataset } : {}),
          },
          { path: reportUri.fsPath, source: name },
          plan.mode,
        )
      : undefined;
  await s.reports.show({
    report: {
      id: `upload-${++uploads}`,
      source: name,
      reportFile: reportName,
      target: describeTarget(plan.target),
      mode: plan.mode,
      sandbox: s.sandbox(),
      annotated,
      counts: sample.counts,
      rows: sample.lines.map((line) => rowOf(line, annotated)),
      retryable: sample.retryable,
      ...(sample.unreadable.count > 0 ? { unreadable: sample.unreadable } : {}),
    },
    source: uri,
    reportFile: reportUri,
    ...(retry ? { retry } : {}),
    ...(removal ? { remove: (action, column) => removal.remove(action, column) } : {}),
  });
  if (!retry) return;
  const retryFailed = 'Retry the Failed Ones';
  // Some documents failed: a partial success, said without blocking the window.
  const choice = await s.questions.offer('warning', text, retryFailed);
  if (choice === retryFailed) await retry();
}
