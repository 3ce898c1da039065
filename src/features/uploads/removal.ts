// Deleting documents from search, or undeleting them, in VS Code, once it is known which
// (core/uploads/removal.ts does the calls): the question naming where and how many, then one call
// per URL through the rate governor with progress and Cancel (the call under way finishes, the
// rest are not sent), then the per-URL summary as a read-only document, and a word of the
// outcome. The Delete Documents… command and the upload report panel both come here.
import { counted } from '../../../core/plural';
import type * as vscode from 'vscode';
import type { DocumentRemoval } from '../../../core/api/schemas/uploads';
import {
  describeRemovals,
  doneFate,
  noRemovals,
  removeDocuments,
  type RemovalCounts,
  type RemovalLine,
  type RemovalTarget,
} from '../../../core/uploads/removal';
import type { UrlList } from '../../../core/uploads/urlList';
import type { CommandRunner } from '../../shell/commands/runner';
import type { Questions } from '../../shell/questions';
import { removalDetail, removalQuestion, removalSummary } from './removalText';
import { describeTarget } from './uploadTarget';

export interface RemovalServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  /** Shows text as a read-only document (the per-URL summary), in `column` when given. */
  readonly showText: (path: string, text: string, column?: vscode.ViewColumn) => Promise<unknown>;
}

export interface RemovalRun {
  readonly action: DocumentRemoval;
  readonly target: RemovalTarget;
  readonly list: UrlList;
  /** Said in the question besides the rest (an upload in update mode: what deleting means). */
  readonly note?: string;
  /** Where the summary goes (beside the report panel, so that the panel stays in sight). */
  readonly summaryColumn?: vscode.ViewColumn;
}

export interface RemovalResult {
  readonly lines: readonly RemovalLine[];
  readonly counts: RemovalCounts;
  /** What it came to in a line: `Delete from project 7c1e-demo: 3 deleted, 1 refused`. */
  readonly summary: string;
}

const VERBS = { delete: 'Delete', undelete: 'Undelete' } as const;

let runs = 0;

const documents = (n: number) => counted(n, 'document');
const preposition = (action: DocumentRemoval) => (action === 'delete' ? 'from' : 'in');

/** Asks, then deletes or undeletes; undefined when declined or when nothing ran. */
export async function confirmAndRemove(
  s: RemovalServices,
  run: RemovalRun,
): Promise<RemovalResult | undefined> {
  const verb = VERBS[run.action];
  const where = describeTarget(run.target);
  const choice = await s.questions.ask(
    removalQuestion(run.action, run.list.urls.length, where),
    removalDetail(run.action, run.list, run.note),
    verb,
  );
  if (choice !== verb) return undefined;
  return remove(s, run);
}

async function remove(s: RemovalServices, run: RemovalRun): Promise<RemovalResult | undefined> {
  const { action, target, list } = run;
  const total = list.urls.length;
  const where = `${preposition(action)} ${describeTarget(target)}`;
  const heading = `${VERBS[action]} ${where}`;
  const lines = await s.runner.call(
    { title: `${VERBS[action]} ${documents(total)} ${where}` },
    async (call) => {
      const all: RemovalLine[] = [];
      const removed = removeDocuments(call.client, target, action, list.urls, {
        // Cancel lets the call under way finish: what became of its document is then known.
        stop: call.signal,
        onProgress: (counts) =>
          call.report(
            `${Object.values(counts).reduce((sum, each) => sum + each, 0)} of ${total}: ${describeRemovals(counts)}`,
          ),
      });
      for await (const line of removed) all.push(line);
      return all;
    },
  );
  if (!lines) return undefined;
  const counts = noRemovals();
  for (const line of lines) counts[line.outcome]++;
  const slug = [target.project, target.dataset].filter(Boolean).join('-');
  await s.showText(
    `/documents/${action}-${slug}-${++runs}.txt`,
    removalSummary(heading, counts, lines),
    run.summaryColumn,
  );
  const done = counts[doneFate(action)];
  if (done === total)
    s.runner.done(`${action === 'delete' ? 'Deleted' : 'Undeleted'} ${documents(done)} ${where}`);
  else
    s.runner.refused(
      `${heading}: ${describeRemovals(counts)}; the summary lists each URL with the reason`,
    );
  return { lines, counts, summary: `${heading}: ${describeRemovals(counts)}` };
}
