// Uploading documents from a JSON, NDJSON or CSV file (issue 13), from the explorer's menu, the
// editor or the palette: into a project or one of its datasets, in a mode; every document checked
// before anything is sent, problems as diagnostics on the file's own lines; then batches of 500
// with progress and Cancel, and a per-document report (applied, refused with the service's
// reason, unknown, not-sent) saved next to the file, refusals as diagnostics too; "Retry the
// Failed Ones" sends only those. The file is read as a stream, twice (check, send), never whole.
// The core is core/uploads (shared with `mmq upload`). In dist/live.js.
import { createReadStream, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../core/api/client/client';
import { UPLOAD_OPERATIONS, type UploadOperation } from '../../core/api/schemas/uploads';
import type { UploadProblem } from '../../core/uploads/checks';
import { formatOf, readDocuments, type InputFormat } from '../../core/uploads/formats';
import { prepare, type PrepareOptions } from '../../core/uploads/prepare';
import { describeCounts, noOutcomes, type ReportLine } from '../../core/uploads/report';
import { readRetryPlan } from '../../core/uploads/retry';
import { uploadStream, type Prepared } from '../../core/uploads/upload';
import type { CommandRunner } from '../commands/runner';
import type { Questions } from '../ui/questions';
import { pickOne } from './inputs';

export interface UploadServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly client: () => Promise<MediaMonitoringClient>;
  readonly pickProject: (placeHolder: string) => Promise<string | undefined>;
  readonly diagnostics: vscode.DiagnosticCollection;
}

/** What a test or a script may give instead of answering the questions. */
interface UploadRequest {
  readonly project?: string;
  readonly dataset?: string | null;
  readonly mode?: UploadOperation;
}

/** Diagnostics shown per file at most: the Problems view is for reading, not for a million. */
const MAX_DIAGNOSTICS = 1_000;

async function* chunksOf(path: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }))
    yield chunk as Buffer;
}

async function* preparedOnly(items: AsyncIterable<{ prepared: Prepared }>) {
  for await (const item of items) yield item.prepared;
}

function diagnosticAt(line: number, message: string, severity: vscode.DiagnosticSeverity) {
  const at = Math.max(0, line - 1);
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(at, 0, at, Number.MAX_SAFE_INTEGER),
    message,
    severity,
  );
  diagnostic.source = 'Media Monitoring upload';
  return diagnostic;
}

const problemText = (problem: UploadProblem) =>
  problem.field ? `${problem.field}: ${problem.message}` : problem.message;

/** The file a command is for: the URI it was given (explorer, editor title), or the active one. */
function fileOf(argument: unknown): vscode.Uri | undefined {
  if (argument instanceof vscode.Uri) return argument;
  return vscode.window.activeTextEditor?.document.uri;
}

/** The datasets of a project, to upload into one of them instead of the project. */
async function datasetsOf(client: MediaMonitoringClient, project: string) {
  const resources = await client.projects.resources(project, ['dataset']);
  return resources.result_resources.projects.flatMap((each) => each.datasets ?? []);
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
  const project =
    given?.project ?? (await s.pickProject('Upload the documents into which project?'));
  if (!project) return;
  let dataset = given?.dataset === null ? undefined : given?.dataset;
  let templateId: string | undefined;
  const datasets = await datasetsOf(client, project);
  if (given?.dataset === undefined && datasets.length > 0) {
    const picked = await pickOne<string | null>(
      'Upload into',
      [
        { label: `Project ${project} itself`, value: null },
        ...datasets.map((each) => ({ label: each.title, description: each.id, value: each.id })),
      ],
      'the project, or one of its datasets',
    );
    if (picked === undefined) return;
    dataset = picked ?? undefined;
  }
  if (dataset !== undefined)
    templateId = datasets.find((each) => each.id === dataset)?.dataset_template_id;
  const mode =
    given?.mode ??
    (await pickOne(
      'Upload mode',
      UPLOAD_OPERATIONS.map((value) => ({ label: value, value })),
      'create new documents, update existing ones (by URL), or upsert',
    ));
  if (!mode) return;
  const customMetrics =
    templateId === undefined
      ? undefined
      : (await client.customMetrics.list(project, templateId)).result_custom_metrics.data.map(
          (each) => each.custom_metric.name,
        );
  const retry = retryReport ? await readRetryPlan(chunksOf(retryReport.fsPath)) : undefined;
  const options: PrepareOptions = {
    mode,
    ...(customMetrics ? { customMetrics } : {}),
    ...(retry ? { retry } : {}),
  };
  const documentsOf = () => prepare(readDocuments(format, chunksOf(uri.fsPath)), options);
  const name = vscode.workspace.asRelativePath(uri);

  // First pass: every document checked; problems on their lines.
  let documents = 0;
  let failing = 0;
  const problems: vscode.Diagnostic[] = [];
  for await (const { problems: found } of documentsOf()) {
    documents++;
    if (found.length === 0) continue;
    failing++;
    for (const problem of found)
      if (problems.length < MAX_DIAGNOSTICS)
        problems.push(
          diagnosticAt(problem.line, problemText(problem), vscode.DiagnosticSeverity.Error),
        );
  }
  s.diagnostics.set(uri, problems);
  if (documents === 0) {
    void vscode.window.showInformationMessage(`Media Monitoring: ${name} holds no documents.`);
    return;
  }
  if (failing > 0) {
    const sendValid = `Send the ${documents - failing} Valid Ones`;
    const choice = await s.questions.ask(
      `${failing} of ${documents} documents in ${name} have problems: nothing was sent.`,
      'The problems are on their lines in the Problems view. Fix them, or send the others only.',
      ...(documents > failing ? [sendValid] : []),
    );
    if (choice !== sendValid) return;
  }

  // Second pass: the documents sent in batches, the report kept in input order.
  const reportUri = vscode.Uri.file(`${uri.fsPath}.report.ndjson`);
  if (existsSync(reportUri.fsPath)) {
    const replace = 'Replace';
    const choice = await s.questions.ask(
      `${vscode.workspace.asRelativePath(reportUri)} exists: replace it with this upload's report?`,
      'It is the report of an earlier upload of this file.',
      replace,
    );
    if (choice !== replace) return;
  }
  const lines: ReportLine[] = [];
  let counts = noOutcomes();
  await s.runner.call({ title: `Upload ${name}`, cost: { kind: 'upload' } }, async (call) => {
    const { client: called, signal } = call;
    const target = { project, ...(dataset === undefined ? {} : { dataset }) };
    for await (const line of uploadStream(called, target, preparedOnly(documentsOf()), {
      stop: signal,
      onBatch: (done) => {
        counts = done;
        const reported = Object.values(done).reduce((sum, each) => sum + each, 0);
        call.report(`${reported} of ${documents}: ${describeCounts(done)}`);
      },
    }))
      lines.push(line);
  });
  if (lines.length === 0) return;
  await writeFile(reportUri.fsPath, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  // Refusals and unknowns join the checks' problems on their lines.
  const failed = lines.filter((line) => line.outcome === 'refused' || line.outcome === 'unknown');
  s.diagnostics.set(uri, [
    ...problems,
    ...failed
      .slice(0, MAX_DIAGNOSTICS)
      .map((line) =>
        diagnosticAt(
          line.line,
          `${line.outcome}${line.status_code ? ` (code ${line.status_code})` : ''}: ${line.message ?? ''}`,
          line.outcome === 'refused'
            ? vscode.DiagnosticSeverity.Error
            : vscode.DiagnosticSeverity.Warning,
        ),
      ),
  ]);
  const summary = `Upload of ${name}: ${describeCounts(counts)}; the report is ${vscode.workspace.asRelativePath(reportUri)}`;
  s.runner.done(summary);
  const open = 'Open Report';
  const retryFailed = 'Retry the Failed Ones';
  const actions = failed.length > 0 ? [open, retryFailed] : [open];
  const choice = await s.questions.ask(summary, '', ...actions);
  if (choice === open) await vscode.window.showTextDocument(reportUri, { preview: true });
  if (choice === retryFailed)
    await uploadDocuments(s, uri, { project, dataset: dataset ?? null, mode }, reportUri);
}
