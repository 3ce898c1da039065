// The counts of a .mmq file's rules as inlay hints at the end of each header line (`1,204 in 7 d`,
// the daily counts as a sparkline in its hover). A rule is counted when the text has been still
// for a moment (LAB_SETTLE_MS after the last change; nothing is asked while typing), and only when
// its count is not known: counts are kept by normalised query, target and window
// (core/lab/countCache.ts), so an edit re-counts the rules whose query it changed and no other.
// Against a service each count is a histogram call: see countPolicy.ts and labBudget.ts.
import * as vscode from 'vscode';
import { CachedCounts, cacheKeyOf } from '../../../core/lab/countCache';
import { costOfCounts } from '../../../core/lab/countCost';
import type { CountRequest, CountTarget, DailyCounts } from '../../../core/lab/countSource';
import { lastDays } from '../../../core/lab/countWindow';
import { countQueries } from '../../../core/lab/countQueries';
import type { CountWindow } from '../../../core/lab/countWindow';
import { countEndpointOf, HistogramCounts } from '../../../core/lab/histogramCounts';
import type { FileRules, RuleSummary } from '../../../core/query/fileRules';
import type { CommandId } from '../../shell/commands/ids';
import type { FeatureServices } from '../../shell/featureServices';
import type { LanguagePort } from '../../shell/ports';
import { countLabel, dayLines, sparkline } from './countText';
import { countPolicy } from './countPolicy';
import { LabBudget } from './labBudget';
import { LabPanel } from './labPanel';
import { findLabRule, isService, targetOf, whereOf } from './labRule';
import { labRulesOf } from './labRules';
import type { CompareCounts } from './labCompare';
import { LabExplanations, type ExplainCounts } from './labExplain';
import { affectsLab, readLabSettings, type LabSettings } from './labSettings';
import { ANSWER_WITHIN_MS, LAB_SETTLE_MS } from './labTiming';

/**
 * Counts the lab asks on its own wait until this share of the minute's histogram calls is free:
 * they never take the calls the user's own runs (a histogram, results) want.
 */
const SPARE_SHARE = 0.5;

export interface LabServices extends Pick<
  FeatureServices,
  'runner' | 'client' | 'log' | 'questions' | 'extensionUri'
> {
  readonly language: Pick<LanguagePort, 'rulesOf'>;
  /** The connection changed (another service, the sandbox restarted): counts are asked again. */
  readonly onConnectionChange: vscode.Event<unknown>;
  /** The hints should be asked for again (a count arrived, the text settled). */
  readonly changed: () => void;
}

/** A count as the lab knows it: arrived, or failed (kept, so that a failure is not retried in a loop). */
type Known = { readonly counts: DailyCounts } | { readonly error: string };

/** How many of the last count calls are kept, with their time and query. */
const RECENT_CALLS = 100;

/** What one histogram call costs: a count is one. */
const CREDITS_PER_COUNT = costOfCounts(1).fixed;

export class LabCounts implements vscode.Disposable, ExplainCounts, CompareCounts {
  private cache: CachedCounts;
  private readonly explanations: LabExplanations;
  /** Explain Rule's table, beside the rule. */
  readonly labPanel: LabPanel;
  private readonly known = new Map<string, Known>();
  /**
   * Per rule of a document (`uri#id`), the last two different texts of it the lab counted:
   * Compare with Last Run compares with the one before the text now.
   */
  private readonly counted = new Map<string, string[]>();
  /** Counts asked on the lab's own, waiting for spare calls (keys). */
  private readonly waiting = new Set<string>();
  /** Counts the lab asked on its own and has not had yet, by key: the hints wait a moment for them. */
  private readonly underWay = new Map<string, Promise<unknown>>();
  /** The rules of each open document at one version: VS Code asks for hints again on every scroll. */
  private readonly rules = new Map<
    string,
    { readonly version: number; readonly file: FileRules }
  >();
  /** Ends those waits when the lab is disposed. */
  private readonly disposed = new AbortController();
  /** Documents whose text changed less than LAB_SETTLE_MS ago, with their timers. */
  private readonly settling = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly budget = new LabBudget(readLabSettings().creditBudget);
  private readonly status = vscode.window.createStatusBarItem(
    'mediaMonitoring.labStatus',
    vscode.StatusBarAlignment.Right,
    90,
  );
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Count calls made, for the tests and the log: "no request while typing" is countable. */
  private calls = 0;
  /** The last count calls: when each was made, and its query (for the tests: what, and when). */
  private readonly recent: { readonly at: number; readonly query: string }[] = [];

  constructor(private readonly s: LabServices) {
    this.cache = this.newCache();
    this.labPanel = new LabPanel(s.extensionUri, s.log);
    this.explanations = new LabExplanations(this, s.runner, s.questions, s.changed, this.labPanel);
    this.status.name = 'Media Monitoring Query Lab';
    this.status.command = 'mediaMonitoring.lab.chooseWindow' satisfies CommandId;
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.languageId === 'mmq' && event.contentChanges.length > 0)
          this.unsettle(event.document.uri.toString());
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!affectsLab(event)) return;
        this.budget.setLimit(readLabSettings().creditBudget);
        this.showStatus();
        s.changed();
      }),
      // Another service (or the sandbox again) answers differently: nothing known still holds.
      s.onConnectionChange(() => {
        this.cache = this.newCache();
        this.known.clear();
        s.changed();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.showStatus()),
      vscode.workspace.onDidCloseTextDocument((document) =>
        this.rules.delete(document.uri.toString()),
      ),
    );
    this.showStatus();
  }

  /** What the lab has spent of its budget against a service in this window. */
  get credits(): { readonly spent: number; readonly budget: number } {
    return { spent: this.budget.spent, budget: this.budget.budget };
  }

  /** How many count calls the lab has made in this window. */
  get callCount(): number {
    return this.calls;
  }

  /** The last count calls (up to RECENT_CALLS), oldest first. */
  get recentCalls(): readonly { readonly at: number; readonly query: string }[] {
    return [...this.recent];
  }

  async provideInlayHints(
    document: vscode.TextDocument,
    token: vscode.CancellationToken,
  ): Promise<vscode.InlayHint[]> {
    const file = await this.rulesOf(document);
    if (!file || token.isCancellationRequested) return [];
    const first = this.decide(document, file);
    let { hints } = first;
    if (first.underWay.length > 0) {
      // Answered with the counts when they come quickly, rather than "counting…" now and the
      // counts only when VS Code next asks.
      await settledWithin(first.underWay, ANSWER_WITHIN_MS, token);
      if (token.isCancellationRequested) return [];
      hints = this.decide(document, file).hints;
    }
    this.showStatus();
    return [...hints, ...this.explanations.hintsOf(document)];
  }

  /**
   * Editors came into view: their rules' counts are started now, not when VS Code first asks
   * for their hints (a moment later, once the editor is drawn): the counts are in, or under
   * way, when it does. The same counts the hints would start: nothing more is spent.
   */
  countShown(editors: readonly vscode.TextEditor[]): void {
    for (const { document } of editors) {
      if (document.languageId !== 'mmq' || this.settling.has(document.uri.toString())) continue;
      this.rulesOf(document).then(
        (file) => file && this.decide(document, file),
        () => undefined,
      );
    }
  }

  /** The rules of a document, read once per version (labRules.ts). */
  private async rulesOf(document: vscode.TextDocument): Promise<FileRules | undefined> {
    const uri = document.uri.toString();
    const { version } = document;
    const kept = this.rules.get(uri);
    if (kept?.version === version) return kept.file;
    const file = await labRulesOf(document, this.s.language);
    if (file && !document.isClosed) this.rules.set(uri, { version, file });
    return file;
  }

  /**
   * Each rule's hint, and the counts it needs started (as the settings and the budget allow);
   * the counts of these rules under way.
   */
  private decide(
    document: vscode.TextDocument,
    file: FileRules,
  ): { hints: vscode.InlayHint[]; underWay: Promise<unknown>[] } {
    const settings = readLabSettings();
    const window = lastDays(settings.days, Date.now());
    const target = targetOf(file);
    const settled = !this.settling.has(document.uri.toString());
    const hints: vscode.InlayHint[] = [];
    const underWay: Promise<unknown>[] = [];
    for (const rule of file.rules) {
      // A rule with errors does not run: its count would be the service's error.
      if (rule.errors > 0 || rule.query.trim() === '') continue;
      const request: CountRequest = { query: rule.query, target, window };
      hints.push(this.hintFor(document, rule, request, settled, settings));
      const counting = this.underWay.get(cacheKeyOf(request));
      if (counting) underWay.push(counting);
    }
    return { hints, underWay };
  }

  /** "Explain Rule" on the rule at the cursor (or the one named). */
  async explainRule(uri?: string, ruleId?: string): Promise<void> {
    const found = await findLabRule(this.s.language, uri, ruleId);
    if (!found) return;
    const { document, rule, target } = found;
    const now = Date.now();
    await this.explanations.explain({
      document,
      ruleId: rule.id,
      target,
      // Ending now rather than at midnight: documents keep arriving (a live sandbox, a service),
      // and the plan's counts are differences of counts asked one after the other; with the
      // same end they count the same documents, so a dead exclusion reads −0, not −1.
      window: { ...lastDays(readLabSettings().days, now), max: now },
      service: isService(),
    });
  }

  /** The daily counts of a query (cached ones are free). */
  daily(
    query: string,
    target: CountTarget,
    window: CountWindow,
    signal: AbortSignal,
  ): Promise<DailyCounts> {
    return this.ask({ query, target, window }, signal);
  }

  lastRun(uri: string, ruleId: string, now: string): string | undefined {
    return [...(this.counted.get(`${uri}#${ruleId}`) ?? [])].reverse().find((text) => text !== now);
  }

  uncounted(queries: readonly string[], target: CountTarget, window: CountWindow): number {
    return queries.filter((query) => !this.cache.has({ query, target, window })).length;
  }

  async countAll(
    queries: readonly string[],
    target: CountTarget,
    window: CountWindow,
    signal: AbortSignal,
  ): Promise<Map<string, number>> {
    const source = {
      daily: (request: CountRequest, aborted?: AbortSignal) => this.ask(request, aborted),
      count: async (request: CountRequest, aborted?: AbortSignal) =>
        (await this.ask(request, aborted)).total,
    };
    const counted = await countQueries(source, queries, target, window, signal);
    return new Map([...counted].map(([query, counts]) => [query, counts.total]));
  }

  /** Counts one rule now (the hint's click, or the palette on the rule at the cursor). */
  async countRule(uri?: string, ruleId?: string): Promise<void> {
    const found = await findLabRule(this.s.language, uri, ruleId);
    if (!found) return;
    const { rule, target } = found;
    const request: CountRequest = {
      query: rule.query,
      target,
      window: lastDays(readLabSettings().days, Date.now()),
    };
    const key = cacheKeyOf(request);
    await this.s.runner.call(
      {
        title: `Count of ${rule.id} (${whereOf(request.target)}, ${request.window.days} d)`,
        cost: { kind: 'histogram' },
        request: 'GET /api/v1/…/histogram',
      },
      async ({ signal }) => {
        this.known.delete(key);
        const counts = await this.ask(request, signal);
        this.s.runner.done(`${rule.id}: ${countLabel(counts.total, request.window.days)}`);
      },
    );
  }

  dispose(): void {
    this.disposed.abort();
    for (const timer of this.settling.values()) clearTimeout(timer);
    this.settling.clear();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.explanations.dispose();
    this.labPanel.dispose();
    this.status.dispose();
  }

  private newCache(): CachedCounts {
    return new CachedCounts({
      daily: async (request, signal) => {
        this.calls += 1;
        this.recent.push({ at: Date.now(), query: request.query });
        if (this.recent.length > RECENT_CALLS) this.recent.shift();
        return new HistogramCounts(await this.s.client()).daily(request, signal);
      },
      count: async (request, signal) => (await this.cache.daily(request, signal)).total,
    });
  }

  /** The text changed: counts wait until it has been still for LAB_SETTLE_MS. */
  private unsettle(uri: string): void {
    const pending = this.settling.get(uri);
    if (pending !== undefined) clearTimeout(pending);
    this.settling.set(
      uri,
      setTimeout(() => {
        this.settling.delete(uri);
        // The changed rules are counted now, not when VS Code next asks for the hints (it waits
        // about as long as its last requests took): by then their counts are in, or under way.
        this.countShown(
          vscode.window.visibleTextEditors.filter(
            (editor) => editor.document.uri.toString() === uri,
          ),
        );
        this.s.changed();
      }, LAB_SETTLE_MS),
    );
  }

  private noteCounted(uri: string, ruleId: string, query: string): void {
    const key = `${uri}#${ruleId}`;
    const texts = this.counted.get(key) ?? [];
    if (texts.at(-1) === query) return;
    texts.push(query);
    if (texts.length > 2) texts.shift();
    this.counted.set(key, texts);
  }

  /** A count the lab asks on its own: once the user's calls are not wanting the rate limit. */
  private async askWhenSpare(request: CountRequest): Promise<DailyCounts> {
    const key = cacheKeyOf(request);
    this.waiting.add(key);
    try {
      const client = await this.s.client();
      const { signal } = this.disposed;
      await client.governor.whenSpare(countEndpointOf(request.target), SPARE_SHARE, signal);
    } finally {
      this.waiting.delete(key);
    }
    return this.ask(request, this.disposed.signal, true);
  }

  /** Asks a count (once: the cache joins a second ask), keeps what comes back, and says so. */
  private async ask(
    request: CountRequest,
    signal?: AbortSignal,
    /** Its credits were taken from the budget when it was decided. */
    budgeted = false,
  ): Promise<DailyCounts> {
    const key = cacheKeyOf(request);
    const fresh = !this.cache.has(request);
    if (fresh && !budgeted && isService()) this.budget.spend(CREDITS_PER_COUNT);
    try {
      const counts = await this.cache.daily(request, signal);
      this.known.set(key, { counts });
      return counts;
    } catch (error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      this.s.log.warn(`lab: the count of \`${request.query}\` failed: ${message}`);
      this.known.set(key, { error: message });
      throw error;
    } finally {
      this.showStatus();
      this.s.changed();
    }
  }

  private hintFor(
    document: vscode.TextDocument,
    rule: RuleSummary,
    request: CountRequest,
    settled: boolean,
    settings: LabSettings,
  ): vscode.InlayHint {
    const at = new vscode.Position(rule.range.end.line, rule.range.end.character);
    const { days } = request.window;
    const known = this.known.get(cacheKeyOf(request));
    if (known && 'counts' in known) {
      this.noteCounted(document.uri.toString(), rule.id, rule.query);
      return this.countHint(at, rule, request, known.counts);
    }
    if (known) {
      const failed = hint(at, `count failed`);
      failed.tooltip = `The count of ${rule.id} failed: ${known.error}. Click to try again.`;
      return this.clickable(failed, document, rule);
    }
    if (this.cache.has(request) || this.waiting.has(cacheKeyOf(request)))
      return hint(at, `counting… ${days} d`);
    // While the text moves, a count would be of a query about to change.
    if (!settled) return hint(at, `… in ${days} d`);
    const service = isService();
    const policy = countPolicy(settings.counts, service, this.budget, CREDITS_PER_COUNT);
    if (policy === 'count') {
      // Taken from the budget now, not when the call goes: the hints of every rule are decided
      // in one pass, before any call, and each must see what the ones before it took.
      if (service) this.budget.spend(CREDITS_PER_COUNT);
      const key = cacheKeyOf(request);
      this.underWay.set(
        key,
        this.askWhenSpare(request)
          .catch(() => undefined)
          .finally(() => this.underWay.delete(key)),
      );
      return hint(at, `counting… ${days} d`);
    }
    const cost = service ? `${CREDITS_PER_COUNT} credits` : 'free';
    const click = hint(at, `count: click (${cost})`);
    click.tooltip =
      policy === 'budgetSpent'
        ? `The lab's budget of ${settings.creditBudget} credits for this window is spent: it no longer counts on its own. Click to count ${rule.id} once (${cost}, asked first).`
        : service
          ? `Counts against a service are histogram calls (${cost} each): the setting mediaMonitoring.lab.counts is "${settings.counts}". Click to count ${rule.id} once (asked first).`
          : `Counts are off (mediaMonitoring.lab.counts). Click to count ${rule.id} once.`;
    return this.clickable(click, document, rule);
  }

  private countHint(
    at: vscode.Position,
    rule: RuleSummary,
    request: CountRequest,
    counts: DailyCounts,
  ): vscode.InlayHint {
    const { days } = request.window;
    const shown = hint(at, countLabel(counts.total, days));
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(
      `**${rule.id}**: ${counts.total.toLocaleString('en')} documents in the last ${days} days, ${whereOf(request.target)}\n\n`,
    );
    tooltip.appendCodeblock(
      `${sparkline(counts.days)}\n${dayLines(counts.days).join('\n')}`,
      'text',
    );
    tooltip.appendMarkdown(
      isService()
        ? `\n\nA histogram call (${CREDITS_PER_COUNT} credits); the lab has spent ${this.budget.spent} of its ${this.budget.budget} credits in this window.`
        : '\n\nCounted by the embedded sandbox: free.',
    );
    shown.tooltip = tooltip;
    return shown;
  }

  private clickable(
    shown: vscode.InlayHint,
    document: vscode.TextDocument,
    rule: RuleSummary,
  ): vscode.InlayHint {
    const label = typeof shown.label === 'string' ? shown.label : '';
    const part = new vscode.InlayHintLabelPart(label);
    part.tooltip = shown.tooltip;
    part.command = {
      title: label,
      command: 'mediaMonitoring.lab.countRule' satisfies CommandId,
      arguments: [document.uri.toString(), rule.id],
    };
    shown.label = [part];
    return shown;
  }

  /** The status bar item: the window, and against a service what the lab has spent or that it stopped. */
  private showStatus(): void {
    if (vscode.window.activeTextEditor?.document.languageId !== 'mmq') {
      this.status.hide();
      return;
    }
    const settings = readLabSettings();
    const service = isService();
    const stopped =
      service && settings.counts === 'always' && this.budget.exhausted(CREDITS_PER_COUNT);
    if (stopped) {
      this.status.text = `$(beaker) Lab stopped: ${this.budget.spent}/${this.budget.budget} credits`;
      this.status.tooltip = `The query lab spent its budget of ${this.budget.budget} credits for this window (mediaMonitoring.lab.creditBudget) and no longer counts on its own. A click on a rule's hint still counts it, asked first.`;
      this.status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      const spent = service ? ` · ${this.budget.spent}/${this.budget.budget} credits` : '';
      this.status.text = `$(beaker) Lab ${settings.days} d${spent}`;
      this.status.tooltip = `The query lab counts each rule over the last ${settings.days} days. Click to change the window.`;
      this.status.backgroundColor = undefined;
    }
    this.status.show();
  }
}

function hint(at: vscode.Position, label: string): vscode.InlayHint {
  const shown = new vscode.InlayHint(at, label);
  shown.paddingLeft = true;
  return shown;
}

/** Resolves once every promise has settled, `ms` have passed, or the request is cancelled. */
function settledWithin(
  promises: readonly Promise<unknown>[],
  ms: number,
  token: vscode.CancellationToken,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      cancelled.dispose();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const cancelled = token.onCancellationRequested(done);
    void Promise.allSettled(promises).then(done);
  });
}
