// What detection runs on: a file of the workspace (its bytes read here, sent as image_file, and
// shown in the panel) or an address (sent for the service to fetch; nothing downloaded here).
import * as vscode from 'vscode';
import { MAX_IMAGE_BYTES } from '../../../core/api/schemas/images';
import { imageContentType } from '../../../core/images/imageSource';
import { ImageTooLarge, readImageFile } from '../../../core/images/readImage';

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

/**
 * A file's bytes, its size checked before it is read: a local file directly (read no further
 * than the limit), one of a remote workspace through VS Code, which reads files whole.
 */
async function readImageBytes(uri: vscode.Uri, name: string): Promise<Uint8Array> {
  if (uri.scheme === 'file') return readImageFile(uri.fsPath, name);
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > MAX_IMAGE_BYTES) throw new ImageTooLarge(name, size);
  const bytes = await vscode.workspace.fs.readFile(uri);
  // It grew between the two.
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageTooLarge(name, bytes.length);
  return bytes;
}

/** Reads a file target's bytes (through VS Code for remote workspaces). */
export async function loadImage(target: ImageTarget): Promise<LoadedImage> {
  const source = sourceName(target);
  if (target.kind === 'address') return { target, source };
  const bytes = await readImageBytes(target.uri, source);
  return {
    target,
    source,
    file: { bytes, fileName: source, contentType: imageContentType(source) },
  };
}
