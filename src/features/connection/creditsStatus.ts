// The status bar item: where the extension is connected ("Sandbox" or the host) and the credits
// left. Credits are cached: fetched when a connection opens, on demand, and after calls that
// spend them, but by themselves at most once a minute (the endpoint allows 10 calls a minute).
import type { SandboxState } from '../../shell/connection/sandboxMessages';
import * as vscode from 'vscode';
import type { CreditInfo } from '../../../core/api/schemas/tasks';
import type {
  Connection,
  ConnectionState,
  ConnectionFailure,
} from '../../shell/connection/connection';
import { afterSpending, freshestCredits } from './creditsSpent';
import { RefreshSchedule } from '../../shell/views/refreshSchedule';

/** What the status bar adds to the target's name for each failure. */
const FAILURE_LABELS: Readonly<Record<ConnectionFailure, string>> = {
  tokenRejected: 'token rejected',
  unreachable: 'unreachable',
  badUrl: 'bad address',
  sandbox: 'failed',
  service: 'error',
};

export class CreditsStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'mediaMonitoring.status',
    vscode.StatusBarAlignment.Left,
    0,
  );
  private credits: CreditInfo | undefined;
  /** Calls that spent credits, counted, and fetches started: a fetch knows what happened since. */
  private spendings = 0;
  private fetches = 0;
  private readonly schedule = new RefreshSchedule(() => void this.refresh());
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly connection: Connection,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.item.name = 'Media Monitoring';
    this.disposables.push(
      this.item,
      connection.onDidSpend((amount) => this.spent(amount)),
      connection.onDidChange((state) => {
        // A service's connection check read the credits already; the sandbox's did not.
        this.credits = state.kind === 'connected' ? state.credits : undefined;
        this.render(state);
        if (state.kind === 'connected' && !state.credits) void this.refresh();
        else if (state.kind === 'connected') this.schedule.fetched();
      }),
    );
    this.render(connection.state);
    this.item.show();
  }

  /** What the item shows. */
  get text(): string {
    return this.item.text;
  }

  /** Fetches the credits now (the command "Refresh Credits"). */
  async refresh(): Promise<void> {
    this.schedule.fetched();
    if (this.connection.state.kind !== 'connected') return;
    const fetch = ++this.fetches;
    const spendingsBefore = this.spendings;
    try {
      const client = await this.connection.client();
      const fetched = (await client.credits.get()).result_creditinfo;
      // A fetch that a later one overtook says less than that one will: it is dropped.
      if (fetch !== this.fetches) return;
      this.credits = freshestCredits(this.credits, fetched, this.spendings !== spendingsBefore);
    } catch (error: unknown) {
      this.connection.noticeFailure(error);
      this.log.warn(`credits: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.render(this.connection.state);
  }

  /**
   * A call spent credits: what it spent shows at once (`amount`, when the answer said), and the
   * service's own count follows with a refresh, not more often than once a minute by itself.
   */
  spent(amount?: number): void {
    this.spendings += 1;
    if (amount !== undefined && this.credits) {
      this.credits = afterSpending(this.credits, amount);
      this.render(this.connection.state);
    }
    this.schedule.spent();
  }

  private render(state: ConnectionState): void {
    const item = this.item;
    item.backgroundColor = undefined;
    switch (state.kind) {
      case 'connecting':
        item.text = `$(sync~spin) ${state.target}`;
        item.tooltip = `Media Monitoring: connecting to ${state.target}…`;
        item.command = 'mediaMonitoring.showLog';
        return;
      case 'stopped':
        item.text = '$(debug-stop) Sandbox stopped';
        item.tooltip = 'Media Monitoring: the sandbox is stopped. Click to start it.';
        item.command = 'mediaMonitoring.sandbox.start';
        return;
      case 'noToken':
        item.text = `$(key) ${state.target}: set token`;
        item.tooltip = `Media Monitoring: no access token for ${state.target}. Click to set one.`;
        item.command = 'mediaMonitoring.token.set';
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        return;
      case 'failed': {
        const label = FAILURE_LABELS[state.reason];
        item.text = `$(error) ${state.target}${label ? `: ${label}` : ''}`;
        item.tooltip = `Media Monitoring: ${state.message}\n\n${
          state.reason === 'tokenRejected' ? 'Click to set a new token.' : 'Click to try again.'
        }`;
        item.command =
          state.reason === 'tokenRejected'
            ? 'mediaMonitoring.token.set'
            : 'mediaMonitoring.reconnect';
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        return;
      }
      case 'connected': {
        const credits = this.credits;
        const icon = state.sandbox ? '$(beaker)' : '$(cloud)';
        item.text = credits
          ? `${icon} ${state.target} · ${credits.remaining_credits_monthly.toLocaleString('en')} credits`
          : `${icon} ${state.target}`;
        const tooltip = new vscode.MarkdownString(undefined, true);
        tooltip.appendMarkdown(
          `**Media Monitoring** · connected to ${state.sandbox ? 'the embedded sandbox' : state.target}\n\n`,
        );
        if (credits) {
          const total = credits.monthly_total;
          const renewal = credits.next_billing_period;
          tooltip.appendMarkdown(
            `${credits.remaining_credits_monthly.toLocaleString('en')}${total === undefined ? '' : ` of ${total.toLocaleString('en')}`} monthly credits left` +
              `${renewal === undefined ? '' : `; they renew ${new Date(renewal).toUTCString()}`}.\n\n`,
          );
        }
        if (state.sandbox)
          tooltip.appendMarkdown(`${keptStateLine(this.connection.sandboxState)}\n\n`);
        tooltip.appendMarkdown('Click to refresh the credits.');
        item.tooltip = tooltip;
        item.command = 'mediaMonitoring.credits.refresh';
        return;
      }
    }
  }

  dispose(): void {
    this.schedule.cancel();
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** Where the embedded sandbox keeps what the user does, for the status bar's tooltip. */
export function keptStateLine(state: SandboxState | undefined): string {
  if (!state) return '';
  const kept = state.kept
    ? `Its streams, collectors, uploads, custom metrics, tasks and credits are kept in \`${state.directory ?? '?'}\` across reloads and restarts; **Reset Sandbox** clears them.`
    : 'Its state is in memory only: a reload starts it empty.';
  return state.note ? `${kept} Note: ${state.note}.` : kept;
}
