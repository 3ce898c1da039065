// The credit confirmation before a spending call (the command runner's): shown against the
// sandbox, asked against a service above `mediaMonitoring.confirmCreditsAbove` (0 by default:
// every spending call asks), with "don't ask again" per kind of call kept in global state.
import { counted } from '../../../core/plural';
import * as vscode from 'vscode';
// The estimate is a small pure module: imported here, not from the client's lazily loaded bundle.
import { estimateCredits, type CostedCall } from '../../../core/api/client/estimate';
import { SECTION } from '../connection/settings';
import { costLabel, creditDecision } from './creditDecision';
import type { Questions } from '../questions';

export interface CreditQuestion {
  readonly title: string;
  readonly cost: CostedCall | undefined;
  readonly sandbox: boolean;
}

/** What the user agreed to: the cost's label for the progress notification, or nothing. */
export type CostAnswer = 'declined' | { readonly label: string | undefined };

/** A kind of call in words, for "Don't Ask Again for …". */
const KIND_NAMES: Readonly<Record<CostedCall['kind'], string>> = {
  histogram: 'Histograms',
  topInfluencers: 'Top Influencers',
  results: 'Search Results',
  streamRead: 'Stream Reads',
  projectLiveRead: 'Project Live Reads',
  export: 'Exports',
  collectorRead: 'Collector Reads',
  collectorBuffering: 'Collectors',
  upload: 'Uploads',
  free: 'Free Calls',
};

const memoryKey = (kind: CostedCall['kind']) => `credits.dontAsk.${kind}`;

export async function confirmCredits(
  question: CreditQuestion,
  questions: Questions,
  memory: vscode.Memento,
  remaining: () => Promise<number | undefined>,
): Promise<CostAnswer> {
  if (!question.cost) return { label: undefined };
  const estimate = estimateCredits(question.cost);
  const label = costLabel(estimate);
  const decision = creditDecision({
    estimate,
    sandbox: question.sandbox,
    threshold: vscode.workspace.getConfiguration(SECTION).get<number>('confirmCreditsAbove', 0),
    dontAsk: memory.get<boolean>(memoryKey(question.cost.kind), false),
  });
  if (decision !== 'ask') return { label };
  const left = await remaining();
  const run = 'Run';
  const always = `Run, and Don't Ask Again for ${KIND_NAMES[question.cost.kind]}`;
  const choice = await questions.ask(
    `${question.title} costs ${label ?? 'credits'}.`,
    `${estimate.note}.${left === undefined ? '' : ` ${counted(left, 'credit')} ${left === 1 ? 'is' : 'are'} left this month.`} The setting mediaMonitoring.confirmCreditsAbove says when to ask.`,
    run,
    always,
  );
  if (choice === always) await memory.update(memoryKey(question.cost.kind), true);
  return choice ? { label } : 'declined';
}
