// The results panels: new runs go into the current panel unless it is pinned (then a new panel
// opens for the next run); drill-downs open beside; panels come back after a window reload
// (restore() rebuilds each from the state its page kept).
import * as vscode from 'vscode';
import {
  readFromPanel,
  readPanelState,
  type FromPanel,
  type ToPanel,
  type View,
} from '../../../media/results/protocol';
import type { RunRequest, RunSpec } from './runSpec';
import { PanelHost } from '../../shell/webviews/panelHost';
import { ResultsPanel } from './resultsPanel';
import type { ResultsServices } from './resultsServices';
import { RESULTS_VIEW_TYPE } from './viewType';

export class ResultsPanels implements vscode.Disposable {
  private readonly panels = new Set<ResultsPanel>();

  constructor(private readonly services: ResultsServices) {}

  /** The panels open now, for the in-editor tests. */
  get open(): readonly ResultsPanel[] {
    return [...this.panels];
  }

  /** Runs `spec` in the current (unpinned) panel, or a new one. */
  async run(spec: RunSpec): Promise<void> {
    const current = [...this.panels].reverse().find((panel) => !panel.pinned);
    await (current ?? this.create(vscode.ViewColumn.Beside)).show(spec);
  }

  private create(column: vscode.ViewColumn): ResultsPanel {
    return this.adopt(
      PanelHost.open<ToPanel, FromPanel>(this.services.extensionUri, this.spec(), column),
    );
  }

  private spec() {
    return {
      viewType: RESULTS_VIEW_TYPE,
      bundle: 'results',
      title: 'Media Monitoring results',
      read: readFromPanel,
      isReady: (message: FromPanel) => message.type === 'ready',
      log: this.services.log,
    };
  }

  private adopt(host: PanelHost<ToPanel, FromPanel>): ResultsPanel {
    // A drill-down opens in the column after its panel's, wherever the focus is: "beside" the
    // active group put it over its own distribution when the editor of the rule had the focus.
    const panel = new ResultsPanel(host, this.services, async (spec) =>
      this.create(columnAfter(host.panel.viewColumn)).show(spec),
    );
    this.panels.add(panel);
    host.onDidDispose(() => {
      this.panels.delete(panel);
      panel.dispose();
    });
    return panel;
  }

  /** Rebuilds a panel VS Code restored after a reload (the extension's serializer calls this). */
  restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const panel = this.adopt(new PanelHost(webviewPanel, this.services.extensionUri, this.spec()));
    const read = readPanelState(state);
    if (read.ok && read.message.show) {
      const { run, view } = read.message.show;
      panel.restore(
        {
          title: run.title.split(' · ')[0] ?? run.title,
          query: run.query,
          target: run.target,
          request: requestOf(view),
        },
        run,
        read.message.pinned ?? false,
      );
    } else if (!read.ok)
      this.services.log.warn(`a results panel's saved state was dropped: ${read.reason}`);
    return Promise.resolve();
  }

  dispose(): void {
    for (const panel of [...this.panels]) panel.dispose();
    this.panels.clear();
  }
}

/** The request that produced a view (to run its controls again after a reload). */
function requestOf(view: View): RunRequest {
  switch (view.kind) {
    case 'histogram':
      return {
        kind: 'histogram',
        histogramType: view.histogramType as never,
        parameters: view.parameters,
      };
    case 'influencers':
      return { kind: 'influencers', parameters: view.parameters };
    case 'results':
      return { kind: 'results', parameters: view.parameters };
  }
}

/** The column after `column` (VS Code has nine), or beside the active group when it has none. */
function columnAfter(column: vscode.ViewColumn | undefined): vscode.ViewColumn {
  return column === undefined || column < vscode.ViewColumn.One
    ? vscode.ViewColumn.Beside
    : Math.min(column + 1, vscode.ViewColumn.Nine);
}
