// Credits before they are spent (spec/cli.md): a command whose call spends credits prints the
// client's estimate on stderr first, and `--max-credits N` refuses to start a call whose estimate
// is above N (exit 1). An estimate without an upper bound (an open stream, an active collector)
// is above every N: a script that set a budget is not left to find out afterwards.
import { Option } from '@commander-js/extra-typings';
import type { CreditEstimate } from '../../core/api/client/estimate';
import { wholeNumber } from '../options';
import { toStderr } from '../terminal';

export interface BudgetFlags {
  maxCredits?: number;
  quiet?: true;
}

/** `--max-credits N`, which every command that spends credits takes. */
export const maxCreditsOption = () =>
  new Option(
    '--max-credits <n>',
    'refuse to start when the estimated credits are above N (exit 1)',
  ).argParser(wholeNumber());

/** Over the budget of --max-credits: exit 1, as a refusal (spec/cli.md). */
export class OverBudget extends Error {}

/** Says what `what` will cost (unless --quiet) and refuses it when that is above --max-credits. */
export function spend(what: string, estimate: CreditEstimate, flags: BudgetFlags): void {
  if (!flags.quiet) toStderr(`mmq: ${what} costs credits: ${estimate.note}\n`);
  const budget = flags.maxCredits;
  if (budget === undefined) return;
  if (estimate.atMost === undefined)
    throw new OverBudget(
      `${what}: not started: its cost has no upper bound (${estimate.note}), above --max-credits ${budget}`,
    );
  if (estimate.atMost > budget)
    throw new OverBudget(
      `${what}: not started: it may cost ${estimate.atMost.toLocaleString('en')} credits, above --max-credits ${budget}`,
    );
}
