// Running a rule (its CodeLens, the palette) into a results panel: the run commands and the
// panels load with the results' bundle on the first run, or when VS Code restores a panel after a
// reload (its serializer is registered at activation for that).
import * as vscode from 'vscode';
import { lazyBundle } from '../../shell/bundles';
import type { Ctx } from '../../shell/ctx';
import type { LanguagePort, ProjectsPort } from '../../shell/ports';
import { resultsCommands } from './resultsCommands';
import type { ResultsPanels } from './resultsPanels';
import type { ResultsDrawn } from './resultsServices';
import type { RunCommands } from './runCommands';
import { RESULTS_VIEW_TYPE } from './viewType';

const resultsBundle = lazyBundle<typeof import('./index')>('results.js');

export class ResultsFeature implements vscode.Disposable {
  /** A run's answer was drawn in a results panel (the log says so too; the benchmark times it). */
  readonly drawn = new vscode.EventEmitter<ResultsDrawn>();
  readonly commands: ReturnType<typeof resultsCommands>;
  private panels: ResultsPanels | undefined;
  private runCommandsLoaded: RunCommands | undefined;

  constructor(
    private readonly ctx: Ctx,
    private readonly ports: { readonly language: LanguagePort; readonly projects: ProjectsPort },
  ) {
    ctx.own(this);
    ctx.own(
      vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
        deserializeWebviewPanel: (panel, state) => this.results().restore(panel, state),
      }),
    );
    this.commands = resultsCommands(this);
  }

  /** The results panels, loaded on first use. */
  results(): ResultsPanels {
    if (!this.panels) {
      const { ctx, ports } = this;
      const bundle = resultsBundle();
      this.panels = new bundle.ResultsPanels({
        extensionUri: ctx.extension.extensionUri,
        log: ctx.log,
        runner: ctx.runner,
        saveLocation: (options) => ctx.questions.saveLocation(options),
        documents: ctx.documents,
        client: () => ctx.connection.client(),
        sandbox: () => ctx.connection.state.kind === 'connected' && ctx.connection.state.sandbox,
        choices: async (projectId) =>
          bundle.projectChoices(await ctx.connection.client(), projectId),
        addRule: (source, id, query) => ports.language.addRule(source, id, query),
        drawn: (event) => this.drawn.fire(event),
      });
    }
    return this.panels;
  }

  /** The run commands, loaded with the results panels' bundle on first use. */
  runCommands(): RunCommands {
    const { ctx, ports } = this;
    this.runCommandsLoaded ??= new (resultsBundle().RunCommands)({
      language: {
        rulesOf: (document) => ports.language.rulesOf(document),
        errorsOf: (query) => ports.language.errorsOf(query),
      },
      workspaceState: ctx.extension.workspaceState,
      pickProject: (placeHolder) => ports.projects.pick(placeHolder),
      projectName: (projectId) => ports.projects.name(projectId),
      run: (spec) => this.results().run(spec),
    });
    return this.runCommandsLoaded;
  }

  dispose(): void {
    this.panels?.dispose();
    this.drawn.dispose();
  }
}
