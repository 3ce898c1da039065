// Read-only documents the extension shows: a topic or filter as `.mmq`, a collector's
// definition as JSON. Served from memory by a read-only file system under the `mmq-readonly`
// scheme, which the language client also watches, so a topic gets diagnostics, hover and outline
// like any query file, and VS Code offers no way to change it.
import * as vscode from 'vscode';

export const READONLY_SCHEME = 'mmq-readonly';

export class ReadonlyDocuments implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly contents = new Map<string, { bytes: Uint8Array; mtime: number }>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  /**
   * Shows `text` as the read-only document at `path` (its extension picks the language), in the
   * active column unless another is named.
   */
  async show(path: string, text: string, column?: vscode.ViewColumn): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: READONLY_SCHEME, path });
    const known = this.contents.has(uri.toString());
    this.contents.set(uri.toString(), { bytes: new TextEncoder().encode(text), mtime: Date.now() });
    if (known) this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    const document = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(document, { preview: true, viewColumn: column });
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const entry = this.contents.get(uri.toString());
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    return {
      type: vscode.FileType.File,
      ctime: entry.mtime,
      mtime: entry.mtime,
      size: entry.bytes.length,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const entry = this.contents.get(uri.toString());
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    return entry.bytes;
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
