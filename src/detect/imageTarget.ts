// What detection runs on: a file of the workspace (its bytes read here, sent as image_file, and
// shown in the panel) or an address (sent for the service to fetch; nothing downloaded here).
import * as vscode from 'vscode';
import { imageContentType } from '../../core/images/imageSource';

export type ImageTarget =
  | { readonly kind: 'file'; readonly uri: vscode.Uri }
  | { readonly kind: 'address'; readonly url: string };

export interface LoadedImage {
  readonly target: ImageTarget;
  /** The file's name or the address, as the panel names it. */
  readonly source: string;
  /** The file's bytes; none for an address. */
  readonly file?: {
    readonly bytes: Uint8Array;
    readonly fileName: string;
    readonly contentType: string;
  };
}

export function sourceName(target: ImageTarget): string {
  return target.kind === 'address'
    ? target.url
    : (target.uri.path.split('/').pop() ?? target.uri.path);
}

/** Reads a file target's bytes (through VS Code: remote workspaces too). */
export async function loadImage(target: ImageTarget): Promise<LoadedImage> {
  const source = sourceName(target);
  if (target.kind === 'address') return { target, source };
  const bytes = await vscode.workspace.fs.readFile(target.uri);
  return {
    target,
    source,
    file: { bytes, fileName: source, contentType: imageContentType(source) },
  };
}
