// The problems of uploaded files in the Problems view (the checks' and the report's), each file's
// kept for as long as it says something true of that file and of the service it went to. They
// go when their service does (the embedded sandbox reset, the connection switched to another
// service or address) and when the file changes on disk while no editor has it open. An edit in
// an editor drops the problems of the text it replaces and moves the others with their lines,
// so that fixing one problem leaves the rest where they are.
import { statSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

export interface UploadDiagnosticsHost {
  /** Which service an upload goes to now (a base URL, or `sandbox`). */
  readonly service: () => string;
  /** The connection changed: perhaps to another service. */
  readonly onDidChangeConnection: vscode.Event<unknown>;
  /** The embedded sandbox was reset: what was uploaded to it is gone. */
  readonly onDidResetSandbox: vscode.Event<void>;
}

/** The sandbox's service key (connection/settings.ts). */
const SANDBOX = 'sandbox';

interface FileProblems {
  readonly uri: vscode.Uri;
  readonly service: string;
  /** The file as it was when its problems were found, to tell a later change from it. */
  readonly stamp: string | undefined;
  readonly watcher: vscode.FileSystemWatcher;
  readonly subscriptions: vscode.Disposable[];
}

function stampOf(uri: vscode.Uri): string | undefined {
  try {
    const stat = statSync(uri.fsPath);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return undefined;
  }
}

/** Where `position`, after the change, now is (it is after the replaced text). */
function moved(
  position: vscode.Position,
  change: vscode.TextDocumentContentChangeEvent,
): vscode.Position {
  const { start, end } = change.range;
  const breaks = change.text.split('\n').length - 1;
  if (position.line > end.line) return position.translate(breaks - (end.line - start.line));
  const lastLine = change.text.length - change.text.lastIndexOf('\n') - 1;
  const endsAt = breaks === 0 ? start.character + change.text.length : lastLine;
  return new vscode.Position(start.line + breaks, endsAt + position.character - end.character);
}

/**
 * The diagnostics after an edit: those whose text it touches dropped (their value changed),
 * those after it moved. Text inserted just before a problem that ends with a line break (a line
 * added above it) moves it too.
 */
function afterEdit(
  diagnostics: readonly vscode.Diagnostic[],
  change: vscode.TextDocumentContentChangeEvent,
): vscode.Diagnostic[] {
  const kept: vscode.Diagnostic[] = [];
  const linesAbove =
    change.range.isEmpty && change.text.endsWith('\n')
      ? (start: vscode.Position) => start.isEqual(change.range.start)
      : () => false;
  for (const diagnostic of diagnostics) {
    const { range } = diagnostic;
    if (range.end.isBefore(change.range.start)) kept.push(diagnostic);
    else if (range.start.isAfter(change.range.end) || linesAbove(range.start)) {
      const shifted = new vscode.Diagnostic(
        new vscode.Range(moved(range.start, change), moved(range.end, change)),
        diagnostic.message,
        diagnostic.severity,
      );
      shifted.source = diagnostic.source;
      kept.push(shifted);
    }
  }
  return kept;
}

export class UploadDiagnostics implements vscode.Disposable {
  // Not named mediaMonitoring.*: the command table's check reads such names as command ids.
  private readonly collection = vscode.languages.createDiagnosticCollection('mmq-uploads');
  private readonly files = new Map<string, FileProblems>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly host: UploadDiagnosticsHost) {
    this.subscriptions = [
      host.onDidResetSandbox(() => this.forget((file) => file.service === SANDBOX)),
      host.onDidChangeConnection(() => {
        const now = host.service();
        this.forget((file) => file.service !== now);
      }),
      vscode.workspace.onDidChangeTextDocument((event) => this.edited(event)),
    ];
  }

  /** The problems of `uri` found by an upload to the service connected now. */
  set(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): void {
    this.delete(uri);
    if (diagnostics.length === 0) return;
    const watcher = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(
        vscode.Uri.file(path.dirname(uri.fsPath)),
        path.basename(uri.fsPath),
      ),
    );
    const file: FileProblems = {
      uri,
      service: this.host.service(),
      stamp: stampOf(uri),
      watcher,
      subscriptions: [],
    };
    const changedOnDisk = () => this.changedOnDisk(file);
    file.subscriptions.push(
      watcher.onDidChange(changedOnDisk),
      watcher.onDidCreate(changedOnDisk),
      watcher.onDidDelete(changedOnDisk),
    );
    this.files.set(uri.toString(), file);
    this.collection.set(uri, diagnostics);
  }

  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }

  delete(uri: vscode.Uri): void {
    const file = this.files.get(uri.toString());
    if (!file) return;
    this.files.delete(uri.toString());
    this.collection.delete(uri);
    file.watcher.dispose();
    for (const subscription of file.subscriptions) subscription.dispose();
  }

  private forget(which: (file: FileProblems) => boolean): void {
    for (const file of [...this.files.values()]) if (which(file)) this.delete(file.uri);
  }

  /** An editor's edit: what it replaced loses its problems, what follows moves with it. */
  private edited(event: vscode.TextDocumentChangeEvent): void {
    const uri = event.document.uri;
    if (event.contentChanges.length === 0 || !this.files.has(uri.toString())) return;
    let diagnostics = this.get(uri);
    for (const change of event.contentChanges) diagnostics = afterEdit(diagnostics, change);
    if (diagnostics.length === 0) this.delete(uri);
    else this.collection.set(uri, diagnostics);
  }

  /**
   * The file changed on disk. An editor that has it open follows the change with its edits
   * (above); otherwise the lines the problems name may hold something else now.
   */
  private changedOnDisk(file: FileProblems): void {
    if (this.files.get(file.uri.toString()) !== file) return;
    const open = vscode.workspace.textDocuments.some(
      (document) => document.uri.toString() === file.uri.toString(),
    );
    if (!open && stampOf(file.uri) !== file.stamp) this.delete(file.uri);
  }

  dispose(): void {
    this.forget(() => true);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.collection.dispose();
  }
}
