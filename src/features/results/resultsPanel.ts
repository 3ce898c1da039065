// One results panel: runs a RunSpec through the command runner (credits, progress, cancel),
// sends the panel what to show (an answer, or a failure with what helps), and answers the
// panel's messages (re-run with new parameters, drill down, export, copy as curl, open a URL or
// a document, pin, a failure's action).
import * as vscode from 'vscode';
import { creditsOfAnswer, OPERATIONS } from '../../../core/api/operations';
import { drillClause, narrowed, type DrillSlice } from '../../../core/query/drill';
import {
  sameQuestion,
  type FailureActionId,
  type FromPanel,
  type ProjectChoices,
  type RunInfo,
  type Slice,
  type ToPanel,
  type View,
} from '../../../media/results/protocol';
import { RUN_FAILURE_ACTIONS, runFailureActions } from '../../shell/commands/failureActions';
import type { CallFailure } from '../../shell/commands/runner';
import { TOKEN_VARIABLE } from '../../shell/connection/token';
import { execute, requestLineOf, costOf, type Executed } from './execute';
import { viewToCsv, viewToJson } from './exportData';
import { exportFileName } from './exportName';
import { FIRST_PAGE, runTitle, type RunSpec } from './runSpec';
import { isShownSlice } from './shownSlice';
import { sliceTitle } from './sliceTitle';
import type { PanelHost } from '../../shell/webviews/panelHost';
import type { ResultsServices } from './resultsServices';

let runs = 0;

/** Actions after which the run goes again, once they leave a connection. */
const RUN_AGAIN_AFTER: ReadonlySet<FailureActionId> = new Set([
  'setToken',
  'useSandbox',
  'startSandbox',
]);

export class ResultsPanel implements vscode.Disposable {
  private spec: RunSpec | undefined;
  private executed: Executed | undefined;
  /** The project's topics (and more) of the answer shown: the export names topics as it does. */
  private executedChoices: ProjectChoices | undefined;
  private run: RunInfo | undefined;
  /** When the run now shown was asked for, until its answer is drawn. */
  private askedAt: number | undefined;
  private pinnedNow = false;
  /** The failure the panel shows, and the actions it offered (the only ones it may ask for). */
  private failure: { runId: string; actions: readonly FailureActionId[] } | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    readonly host: PanelHost<ToPanel, FromPanel>,
    private readonly services: ResultsServices,
    /** Drill-downs open beside: the panels decide where (ResultsPanels). */
    private readonly openBeside: (spec: RunSpec) => Promise<void>,
  ) {
    this.subscriptions.push(host.onMessage((message) => void this.receive(message)));
  }

  get pinned(): boolean {
    return this.pinnedNow;
  }

  /** After a reload: the spec and run the restored panel showed, so its controls can run again. */
  restore(spec: RunSpec, run: RunInfo, pinned: boolean): void {
    this.spec = spec;
    this.run = run;
    this.pinnedNow = pinned;
  }

  /** Runs `spec` here and shows its answer, or its failure. */
  async show(spec: RunSpec): Promise<void> {
    const askedAt = performance.now();
    this.spec = spec;
    const id = `${Date.now()}-${++runs}`;
    const sandbox = this.services.sandbox();
    const line = requestLineOf(spec);
    const info = (credits: number | null): RunInfo => ({
      id,
      title: runTitle(spec),
      query: spec.query,
      target: spec.target,
      credits,
      sandbox,
      at: Date.now(),
    });
    // The tab keeps the title of the answer the panel shows until this run's answer or failure.
    if (!this.run || sameQuestion(this.run, info(null))) this.host.title = runTitle(spec);
    this.host.reveal();
    const executed = await this.services.runner.call(
      {
        title: runTitle(spec),
        cost: costOf(spec.request),
        request: `${line.method} ${line.path}`,
        onFailure: (failure) => this.failed(spec, info(null), failure),
      },
      async ({ client, signal }) => {
        this.failure = undefined;
        void this.host.post({ type: 'running', run: info(null), kind: spec.request.kind });
        const [answer, choices] = await Promise.all([
          execute(client, spec, signal),
          this.choices(spec),
        ]);
        return { answer, choices };
      },
    );
    if (!executed || this.spec !== spec) return;
    this.executed = executed.answer;
    this.executedChoices = executed.choices;
    this.run = info(
      creditsOfAnswer(OPERATIONS[line.operation].cost, executed.answer.documents.length),
    );
    this.host.title = runTitle(spec);
    this.askedAt = askedAt;
    const show: ToPanel = {
      type: 'show',
      run: this.run,
      view: executed.answer.view,
      ...(executed.choices ? { choices: executed.choices } : {}),
    };
    await this.host.post(show);
  }

  /**
   * Shows a run's failure. A failure of another question than the answer shown replaces that
   * answer (the panel drops it too: media/results/state.ts), and the tab says it failed.
   */
  private failed(spec: RunSpec, run: RunInfo, failure: CallFailure): void {
    if (this.spec !== spec) return;
    const actions = runFailureActions(failure.cause, failure.service);
    this.failure = { runId: run.id, actions };
    if (!this.run || !sameQuestion(this.run, run)) {
      this.run = undefined;
      this.executed = undefined;
      this.askedAt = undefined;
      this.host.title = `Failed: ${runTitle(spec)}`;
    }
    const { message, detail, parameter } = failure;
    void this.host.post({
      type: 'failed',
      run,
      message,
      ...(detail === undefined ? {} : { detail }),
      ...(parameter === undefined ? {} : { parameter }),
      actions: actions.map((action) => ({ id: action, title: RUN_FAILURE_ACTIONS[action].title })),
    });
  }

  /** One of the actions the shown failure offered; then the run again, where that helps. */
  private async takeAction(runId: string, action: FailureActionId): Promise<void> {
    const spec = this.spec;
    // Only what this failure offered: a page cannot make the extension run anything else.
    if (!spec || this.failure?.runId !== runId || !this.failure.actions.includes(action)) {
      this.services.log.warn(`results: ignored ${action}, which the shown failure did not offer`);
      return;
    }
    const { command, args } = RUN_FAILURE_ACTIONS[action];
    if (action === 'retry') {
      if (!(await this.connected())) await vscode.commands.executeCommand(command);
      await this.show(spec);
      return;
    }
    await vscode.commands.executeCommand(command, ...(args ?? []));
    if (RUN_AGAIN_AFTER.has(action) && (await this.connected())) await this.show(spec);
  }

  /** Whether the connection gives a client now (connecting first if it was never tried). */
  private connected(): Promise<boolean> {
    return this.services.client().then(
      () => true,
      () => false,
    );
  }

  private async copyCurl(spec: RunSpec): Promise<void> {
    const client = await this.services.client();
    const sandbox = this.services.sandbox();
    await vscode.env.clipboard.writeText(
      client.curl(
        requestLineOf(spec),
        sandbox ? { kind: 'written' } : { kind: 'variable', name: TOKEN_VARIABLE },
      ),
    );
    if (sandbox) {
      this.services.runner.done(
        'Copied the request as curl, with the embedded sandbox’s token: it works while this sandbox runs',
      );
      return;
    }
    this.services.log.info('Copied the request as curl; it reads the token from the shell');
    void vscode.window.showInformationMessage(curlTokenHint(TOKEN_VARIABLE));
  }

  private async choices(spec: RunSpec): Promise<ProjectChoices | undefined> {
    if (spec.target.kind !== 'project') return undefined;
    try {
      return await this.services.choices(spec.target.id);
    } catch (error: unknown) {
      // The controls then offer no lists; the run itself does not fail for it.
      this.services.log.warn(`project choices: ${String(error)}`);
      return undefined;
    }
  }

  private async receive(message: FromPanel): Promise<void> {
    const spec = this.spec;
    switch (message.type) {
      case 'ready':
        return;
      case 'drawn': {
        // Once per run: a theme change or the table toggle draws the same answer again.
        const asked = this.askedAt;
        if (message.runId !== this.run?.id || asked === undefined) return;
        this.askedAt = undefined;
        const event = {
          title: this.run.title,
          sinceAskedMs: performance.now() - asked,
          renderMs: message.renderMs,
        };
        this.services.log.info(
          `results: ${event.title} drawn ${event.sinceAskedMs.toFixed(0)} ms after it was asked for (drawing ${event.renderMs.toFixed(0)} ms)`,
        );
        this.services.drawn(event);
        return;
      }
      case 'pin':
        // The panels pick the newest unpinned panel for the next run (ResultsPanels.run).
        this.pinnedNow = message.pinned;
        await this.host.post({ type: 'pinned', pinned: message.pinned });
        return;
      case 'rerun': {
        if (!spec) return;
        const { view } = message;
        const request =
          view.kind === 'histogram'
            ? {
                kind: 'histogram' as const,
                histogramType: view.histogramType as never,
                parameters: view.parameters,
              }
            : view.kind === 'influencers'
              ? { kind: 'influencers' as const, parameters: view.parameters }
              : { kind: 'results' as const, parameters: view.parameters };
        await this.show({ ...spec, request });
        return;
      }
      case 'drill':
        return this.drill(message.action, message.slice);
      case 'openUrl':
        return this.openUrl(message.url);
      case 'openDocument': {
        const document = this.executed?.documents[message.index];
        if (!document) return;
        await this.services.documents.show(
          `/results/${safeName(spec?.title ?? 'result')}-${message.index + 1}.json`,
          `${JSON.stringify(document, null, 2)}\n`,
        );
        return;
      }
      case 'export':
        return this.export(message.format);
      case 'exportPng':
        return this.exportPng(message.dataUrl);
      case 'copyCurl':
        if (spec) await this.services.runner.guard('Copy as curl', () => this.copyCurl(spec));
        return;
      case 'failureAction':
        return this.takeAction(message.runId, message.action);
    }
  }

  private async drill(action: 'results' | 'addRule', slice: Slice): Promise<void> {
    const spec = this.spec;
    const view = this.executed?.view;
    if (!spec || !view) return;
    if (!isShownSlice(slice, view)) {
      this.services.log.warn(
        `drill-down refused: the panel asked for a ${slice.kind} it was not shown`,
      );
      return;
    }
    const drillSlice = toDrillSlice(slice, view);
    const drill = drillClause(drillSlice);
    if ('unsupported' in drill) {
      void vscode.window.showInformationMessage(`Media Monitoring: ${drill.unsupported}.`);
      return;
    }
    const query = narrowed(spec.query, drill.clause);
    if (action === 'addRule') {
      await this.services.addRule(
        spec.source,
        `${slug(spec.source?.ruleId ?? spec.title)}-${slug(drill.clause)}`.slice(0, 120),
        query,
      );
      return;
    }
    await this.openBeside({
      ...spec,
      title: `${spec.title} · ${sliceTitle(drillSlice, timeZoneOf(view))}`,
      query,
      request: { kind: 'results', parameters: FIRST_PAGE },
    });
  }

  private async openUrl(url: string): Promise<void> {
    let parsed: vscode.Uri;
    try {
      parsed = vscode.Uri.parse(url, true);
    } catch {
      return;
    }
    // A document's URL is untrusted: only the web opens from a panel.
    if (parsed.scheme !== 'http' && parsed.scheme !== 'https') {
      this.services.log.warn(`not opened: ${parsed.scheme}: URL from a result`);
      return;
    }
    await vscode.env.openExternal(parsed);
  }

  private async save(extension: string, bytes: Uint8Array, filters: Record<string, string[]>) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = this.spec
      ? exportFileName(this.spec, this.run?.at ?? Date.now(), extension)
      : `results.${extension}`;
    const target = await this.services.saveLocation({
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
      filters,
      saveLabel: 'Export',
    });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, bytes);
    this.services.runner.done(`Exported to ${vscode.workspace.asRelativePath(target)}`);
  }

  private async export(format: 'csv' | 'json'): Promise<void> {
    const view = this.executed?.view;
    if (!view) return;
    const text = format === 'csv' ? viewToCsv(view, this.executedChoices) : viewToJson(view);
    await this.save(format, new TextEncoder().encode(text), {
      [format.toUpperCase()]: [format],
    });
  }

  private async exportPng(dataUrl: string): Promise<void> {
    const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
    if (!match?.[1]) {
      this.services.log.warn('not exported: the chart did not come as a PNG');
      return;
    }
    await this.save('png', Buffer.from(match[1], 'base64'), { PNG: ['png'] });
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.host.dispose();
  }
}

/** How to give a copied curl command a service's token, without the token in shell history. */
function curlTokenHint(variable: string): string {
  return `Media Monitoring: copied the request as curl. It reads the token from $${variable}: in the shell, run \`read -rs ${variable} && export ${variable}\`, paste the token and press Enter (it stays out of the history), then paste the command.`;
}

/** The panel's slice with what the query needs to know about the chart it came from. */
function toDrillSlice(slice: Slice, view: View): DrillSlice {
  if (slice.kind !== 'time') return slice;
  const field =
    view.kind === 'histogram' && view.histogramType === 'search_indexed'
      ? 'search_indexed'
      : 'published';
  return { kind: 'time', field, from: slice.from, to: slice.to };
}

/** The timezone a histogram's buckets are in (its drill-downs are dated in it). */
function timeZoneOf(view: View): string {
  return (view.kind === 'histogram' ? view.parameters.timezone : undefined) ?? 'UTC';
}

/** Text as a piece of a rule id (query-language.md: `[A-Za-z0-9][A-Za-z0-9_.-]{0,127}`). */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'rule'
  );
}

function safeName(text: string): string {
  return text.replace(/[^\w.-]+/g, '-').slice(0, 80) || 'results';
}
