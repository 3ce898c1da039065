// From the palette: which image (a file, from an open dialog, or an address, typed) and, for
// logos, which logo ids (none: every logo configured for the account).
import * as vscode from 'vscode';
import { addressProblem, IMAGE_TYPES } from '../../../core/images/imageSource';
import type { ImageTarget } from './imageTarget';

export async function chooseImage(): Promise<ImageTarget | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: '$(file-media) An image file…', choice: 'file' as const },
      {
        label: '$(link) An image address…',
        description: 'its domain must be approved for the account',
        choice: 'address' as const,
      },
    ],
    { title: 'Image detection: which image?' },
  );
  if (!picked) return undefined;
  if (picked.choice === 'file') {
    const [uri] =
      (await vscode.window.showOpenDialog({
        title: 'Image detection',
        canSelectMany: false,
        filters: { Images: Object.keys(IMAGE_TYPES) },
      })) ?? [];
    return uri ? { kind: 'file', uri } : undefined;
  }
  const url = await vscode.window.showInputBox({
    title: 'Image detection: the image address',
    placeHolder: 'https://images.example.com/photo.jpg',
    prompt: 'The service fetches it: its domain must be approved for the account.',
    validateInput: (value) => (value.trim() === '' ? undefined : addressProblem(value.trim())),
  });
  return url?.trim() ? { kind: 'address', url: url.trim() } : undefined;
}

/** The logo ids to test; [] for all; undefined when the user escaped. */
export async function chooseLogos(): Promise<string[] | undefined> {
  const typed = await vscode.window.showInputBox({
    title: 'Detect logos: which logo ids?',
    placeHolder: 'Empty: every logo configured for the account',
    prompt: 'Logo ids, separated by commas',
  });
  if (typed === undefined) return undefined;
  return [
    ...new Set(
      typed
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
}
