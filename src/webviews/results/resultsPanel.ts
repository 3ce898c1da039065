// One results panel: runs a RunSpec through the command runner (credits, progress, cancel),
// sends the panel what to show, and answers the panel's messages (re-run with new parameters,
// drill down, export, copy as curl, open a URL or a document, pin).
import * as vscode from 'vscode';
import { creditsOfAnswer, OPERATIONS } from '../../../core/api/operations';
import { drillClause, narrowed, type DrillSlice } from '../../../core/query/drill';
import type {
  FromPanel,
  ProjectChoices,
  RunInfo,
  Slice,
  ToPanel,
  View,
} from '../../../media/protocol';
import { execute, requestLineOf, costOf, type Executed } from '../../results/execute';
import { viewToCsv, viewToJson } from '../../results/exportData';
import { FIRST_PAGE, runTitle, type RunSpec } from '../../results/runSpec';
import { isShownSlice } from '../../results/shownSlice';
import type { PanelHost } from '../panelHost';
import type { ResultsServices } from './services';

let runs = 0;

export class ResultsPanel implements vscode.Disposable {
  private spec: RunSpec | undefined;
  private executed: Executed | undefined;
  private run: RunInfo | undefined;
  /** When the run now shown was asked for, until its answer is drawn. */
  private askedAt: number | undefined;
  private pinnedNow = false;
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

  /** After a reload: the spec the restored panel showed, so that its controls can run again. */
  restore(spec: RunSpec, pinned: boolean): void {
    this.spec = spec;
    this.pinnedNow = pinned;
  }

  /** Runs `spec` here and shows its answer. */
  async show(spec: RunSpec): Promise<void> {
    const askedAt = performance.now();
    this.spec = spec;
    this.host.title = runTitle(spec);
    this.host.reveal();
    const id = `${Date.now()}-${++runs}`;
    const sandbox = this.services.sandbox();
    const info = (credits: number | null): RunInfo => ({
      id,
      title: runTitle(spec),
      query: spec.query,
      target: spec.target,
      credits,
      sandbox,
      at: Date.now(),
    });
    const executed = await this.services.runner.call(
      {
        title: runTitle(spec),
        cost: costOf(spec.request),
        onFailure: (failure) =>
          void this.host.post({ type: 'failed', run: info(null), ...failure }),
      },
      async ({ client, signal }) => {
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
    const line = requestLineOf(spec);
    this.run = info(
      creditsOfAnswer(OPERATIONS[line.operation].cost, executed.answer.documents.length),
    );
    this.askedAt = askedAt;
    const show: ToPanel = {
      type: 'show',
      run: this.run,
      view: executed.answer.view,
      ...(executed.choices ? { choices: executed.choices } : {}),
    };
    await this.host.post(show);
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
      case 'copyCurl': {
        if (!spec) return;
        const client = await this.services.client();
        await vscode.env.clipboard.writeText(client.curl(requestLineOf(spec)));
        this.services.runner.done('Copied the request as curl (the token is masked)');
        return;
      }
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
    const drill = drillClause(toDrillSlice(slice, view));
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
      title: `${spec.title} · ${drill.clause}`,
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
    const name = `${safeName(this.spec?.title ?? 'results')}.${extension}`;
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
    const text = format === 'csv' ? viewToCsv(view) : viewToJson(view);
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

/** The panel's slice with what the query needs to know about the chart it came from. */
function toDrillSlice(slice: Slice, view: View): DrillSlice {
  if (slice.kind !== 'time') return slice;
  const field =
    view.kind === 'histogram' && view.histogramType === 'search_indexed'
      ? 'search_indexed'
      : 'published';
  return { kind: 'time', field, from: slice.from, to: slice.to };
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
