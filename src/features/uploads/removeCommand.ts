// The palette's Delete Documents… and Undelete Documents…: which project, which dataset when it
// has any, then where the documents' URLs are (the selection, the clipboard, typed), then the
// question naming where and how many, and the run (removal.ts). In dist/live.js.
import * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { DocumentRemoval } from '../../../core/api/schemas/uploads';
import { urlListOf } from '../../../core/uploads/urlList';
import { confirmAndRemove, type RemovalServices } from './removal';
import { askPlace } from './uploadTarget';
import { askUrls, type ListedUrls } from './urlSource';

/** What a test or a script may give instead of answering the questions. */
export interface RemovalRequest {
  readonly project?: string;
  /** A dataset's id, or null for the project itself. */
  readonly dataset?: string | null;
  /** The URLs, one a line (or an upload report's lines), instead of asking where they are. */
  readonly urls?: string;
}

export interface RemovalCommandServices extends RemovalServices {
  readonly client: () => Promise<MediaMonitoringClient>;
  readonly pickProject: (placeHolder: string) => Promise<string | undefined>;
}

const QUESTIONS = {
  delete: { project: 'Delete documents of which project?', place: 'Delete documents from' },
  undelete: { project: 'Undelete documents of which project?', place: 'Undelete documents in' },
} as const;

export async function removeDocumentsCommand(
  s: RemovalCommandServices,
  action: DocumentRemoval,
  given?: RemovalRequest,
): Promise<void> {
  const client = await s.client();
  const place = await askPlace(client, s.pickProject, QUESTIONS[action], given);
  if (!place) return;
  const listed: ListedUrls | undefined =
    given?.urls === undefined
      ? await askUrls(action)
      : { list: urlListOf(given.urls), from: 'the URLs given' };
  if (!listed) return;
  const { list } = listed;
  if (list.urls.length === 0) {
    const [problem] = list.problems;
    void vscode.window.showInformationMessage(
      `Media Monitoring: no URLs in ${listed.from}` +
        (problem ? ` (line ${problem.line}: ${problem.message})` : '') +
        '. One URL a line, or the lines of an upload report (its applied ones).',
    );
    return;
  }
  await confirmAndRemove(s, {
    action,
    target: {
      project: place.project,
      ...(place.dataset === undefined ? {} : { dataset: place.dataset }),
    },
    list,
  });
}
