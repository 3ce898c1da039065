// "Compare with Last Run" and "Compare with HEAD" on the rule at the cursor: the rule's earlier
// text (the last different text the lab counted in this window, or the text in the last git
// commit, read through VS Code's git extension when it is there) beside its text now. Both
// versions' daily counts on one chart, and a page each of the documents the new text gains
// (`new AND NOT (old)`) and loses (`old AND NOT (new)`), with their totals. The calls and their
// cost are said first and, against a service, asked first.
import * as vscode from 'vscode';
import { totalOf } from '../../../core/api/client/paging';
import { estimateCredits } from '../../../core/api/client/estimate';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import { costOfCounts } from '../../../core/lab/countCost';
import { lostQuery } from '../../../core/lab/countPlan';
import type { CountTarget, DailyCounts } from '../../../core/lab/countSource';
import { lastDays, type CountWindow } from '../../../core/lab/countWindow';
import { resultsOf } from '../../../core/lab/targetCalls';
import { parseFile } from '../../../core/query/file';
import { printFlat } from '../../../core/query/format/flat';
import type { Comparison, Difference } from '../../../media/lab/protocol';
import type { CommandRunner } from '../../shell/commands/runner';
import type { LanguagePort } from '../../shell/ports';
import type { Questions } from '../../shell/questions';
import type { LabPanel } from './labPanel';
import { findLabRule, isService, whereOf } from './labRule';
import { readLabSettings } from './labSettings';
import { ruleFileNameOf } from './labRules';

export type CompareWith = 'lastRun' | 'head';

/** What the comparison needs of the count engine (labCounts.ts). */
export interface CompareCounts {
  uncounted(queries: readonly string[], target: CountTarget, window: CountWindow): number;
  daily(
    query: string,
    target: CountTarget,
    window: CountWindow,
    signal: AbortSignal,
  ): Promise<DailyCounts>;
  /** The last text of the rule counted before its text now, if the lab counted another. */
  lastRun(uri: string, ruleId: string, now: string): string | undefined;
}

export interface CompareServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly language: Pick<LanguagePort, 'rulesOf'>;
  readonly counts: CompareCounts;
  readonly panel: LabPanel;
}

/** Documents of each difference shown: a page. */
const PAGE = 10;

/** The part of VS Code's git extension API (version 1) this reads. */
interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}

interface GitRepository {
  show(ref: string, path: string): Promise<string>;
}

/** The folder holding `.git` above the file, if any. */
async function repositoryRoot(file: vscode.Uri): Promise<vscode.Uri | undefined> {
  let folder = vscode.Uri.joinPath(file, '..');
  for (let depth = 0; depth < 64; depth++) {
    try {
      await vscode.workspace.fs.stat(vscode.Uri.joinPath(folder, '.git'));
      return folder;
    } catch {
      const parent = vscode.Uri.joinPath(folder, '..');
      if (parent.path === folder.path) return undefined;
      folder = parent;
    }
  }
  return undefined;
}

/** How long to wait for the git extension to find the repositories of a window just opened. */
const GIT_READY_MS = 5_000;

async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  const api = exports.getAPI(1);
  if (api.state === 'uninitialized')
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), GIT_READY_MS);
      const listening = api.onDidChangeState(() => done());
      function done(): void {
        clearTimeout(timer);
        listening.dispose();
        resolve();
      }
    });
  return api;
}

/** The file's text in the last commit, through the git extension; a reason when it cannot. */
async function textAtHead(uri: vscode.Uri): Promise<{ text: string } | { problem: string }> {
  const git = await gitApi();
  if (!git) return { problem: "VS Code's git extension is not there (or disabled)" };
  // A repository above the workspace folder is not opened unless asked
  // (git.openRepositoryInParentFolders): comparing with HEAD is asking.
  let repository = git.getRepository(uri);
  if (!repository && git.openRepository) {
    const root = await repositoryRoot(uri);
    if (root) repository = await git.openRepository(root);
  }
  if (!repository) return { problem: 'the file is in no git repository' };
  try {
    return { text: await repository.show('HEAD', uri.fsPath) };
  } catch {
    return { problem: 'the file is not in the last commit' };
  }
}

/** The rule's query in the file's last commit; a message when there is none. */
export async function queryAtHead(
  document: vscode.TextDocument,
  ruleId: string,
): Promise<{ query: string } | { problem: string }> {
  if (document.uri.scheme !== 'file')
    return { problem: 'the file is not saved in a folder under git' };
  const head = await textAtHead(document.uri);
  if ('problem' in head) return head;
  const rule = parseFile(head.text, ruleFileNameOf(document)).rules.find(
    (candidate) => candidate.id === ruleId,
  );
  const query = rule?.parsed.query;
  if (!rule || !query) return { problem: `the last commit has no rule ${ruleId}` };
  return { query: printFlat(query) };
}

async function difference(
  client: MediaMonitoringClient,
  query: string,
  target: CountTarget,
  days: number,
  signal: AbortSignal,
): Promise<Difference> {
  const parameters = { q: query, hpp: PAGE, time_range: `${days}d` as const };
  const answer = await resultsOf(client, target, parameters, { signal });
  const data = answer.result_content.data;
  return {
    total: totalOf(answer) ?? data.length,
    documents: data.map(({ data: document }) => ({
      title: document.title ?? document.url ?? '(no title)',
      ...(document.url === undefined ? {} : { url: document.url }),
    })),
  };
}

let comparisons = 0;

export async function compareRule(
  s: CompareServices,
  against: CompareWith,
  uri?: string,
  ruleId?: string,
): Promise<Comparison | undefined> {
  const found = await findLabRule(s.language, uri, ruleId);
  if (!found) return undefined;
  const { document, rule, target } = found;
  const now = rule.query;
  let before: string;
  if (against === 'lastRun') {
    const last = s.counts.lastRun(document.uri.toString(), rule.id, now);
    if (last === undefined) {
      void vscode.window.showInformationMessage(
        `Media Monitoring: the lab has counted no other text of ${rule.id} in this window; edit the rule, let it count, then compare.`,
      );
      return undefined;
    }
    before = last;
  } else {
    const head = await queryAtHead(document, rule.id);
    if ('problem' in head) {
      void vscode.window.showInformationMessage(
        `Media Monitoring: no text at HEAD: ${head.problem}.`,
      );
      return undefined;
    }
    before = head.query;
  }
  const label = against === 'lastRun' ? 'last run' : 'HEAD';
  const window = lastDays(readLabSettings().days, Date.now());
  const counts = s.counts.uncounted([before, now], target, window);
  const page = estimateCredits({ kind: 'results', hpp: PAGE });
  const atMost = costOfCounts(counts).fixed + 2 * (page.atMost ?? page.fixed);
  const said = `${counts} histogram ${counts === 1 ? 'call' : 'calls'} and 2 result pages`;
  if (isService()) {
    const answer = await s.questions.ask(
      `Compare ${rule.id} with its ${label}?`,
      `${said}: up to ${atMost.toLocaleString('en')} credits (${page.note} a page).`,
      'Compare',
    );
    if (answer !== 'Compare') return undefined;
  }
  const comparison = await s.runner.call(
    { title: `Compare ${rule.id} with its ${label} (${said})` },
    async ({ client, signal }) => {
      const [old, fresh] = [
        await s.counts.daily(before, target, window, signal),
        await s.counts.daily(now, target, window, signal),
      ];
      return {
        id: `compare-${++comparisons}`,
        ruleId: rule.id,
        target: whereOf(target),
        sandbox: !isService(),
        before: { label, query: before, days: [...old.days] },
        after: { label: 'now', query: now, days: [...fresh.days] },
        gained: await difference(client, lostQuery(now, before), target, window.days, signal),
        lost: await difference(client, lostQuery(before, now), target, window.days, signal),
      } satisfies Comparison;
    },
  );
  if (comparison) await s.panel.compare(comparison);
  return comparison;
}
