// The .mmq language in the editor: the language server starts when the first .mmq document opens
// (or a feature first asks about a query), or a moment after activation in a workspace that
// holds .mmq files, from the language bundle (dist/language.js), so that activation loads none
// of vscode-languageclient. The rules' CodeLens is registered at once and
// answers through the server once it runs. Other features ask through the LanguagePort.
import * as vscode from 'vscode';
import type { FileRules } from '../../../server/protocol';
import { lazyBundle } from '../../shell/bundles';
import type { CommandArea } from '../../shell/commands/table';
import type { Ctx } from '../../shell/ctx';
import type { LanguagePort, ProjectsPort, RuleSource } from '../../shell/ports';
import { LANGUAGE_ID } from './languageId';
import type { LanguageSession } from './languageSession';

const languageBundle = lazyBundle<typeof import('./index')>('language.js');

/**
 * How long after activation the server starts in a workspace of .mmq files: once VS Code and
 * whatever activated us are done. Its bundle and start take 400-450 ms of the extension host on
 * a busy machine; paid then, the first file a user opens shows at once, and its counts and
 * colors do not wait behind them (the window's first file: 1.6 s to its counts, not 2.0-2.3 s).
 */
const START_IN_A_RULES_WORKSPACE_MS = 2_000;

export class LanguageFeature implements LanguagePort, vscode.Disposable {
  readonly commands;
  private session: LanguageSession | undefined;
  private started: Promise<LanguageSession> | undefined;
  private readonly lensChanges = new vscode.EventEmitter<void>();

  constructor(
    private readonly ctx: Ctx,
    private readonly projects: Pick<ProjectsPort, 'projectContext'>,
  ) {
    ctx.own(this);
    ctx.own(
      vscode.languages.registerCodeLensProvider(
        { language: LANGUAGE_ID },
        {
          onDidChangeCodeLenses: this.lensChanges.event,
          provideCodeLenses: async (document, token) =>
            (await this.start()).lenses.provideCodeLenses(document, token),
        },
      ),
    );
    const startFor = (document: vscode.TextDocument) => {
      if (document.languageId === LANGUAGE_ID) this.start().catch(() => undefined);
    };
    ctx.own(vscode.workspace.onDidOpenTextDocument(startFor));
    vscode.workspace.textDocuments.forEach(startFor);
    this.startInARulesWorkspace();
    this.commands = {
      'mediaMonitoring.restartLanguageServer': async () => {
        ctx.log.info('restarting the language server');
        await (await this.start()).restart();
        ctx.runner.done('The .mmq language server restarted');
      },
      'mediaMonitoring.showLog': () => ctx.log.show(true),
    } satisfies CommandArea;
  }

  /** Whether the server has been asked to start (for the tests). */
  get isStarting(): boolean {
    return this.started !== undefined;
  }

  /** The running session: the first call loads the bundle and starts the server. */
  start(): Promise<LanguageSession> {
    this.started ??= this.open();
    return this.started;
  }

  async rulesOf(document: vscode.TextDocument): Promise<FileRules | undefined> {
    return (await this.start()).rulesOf(document);
  }

  async errorsOf(query: string): Promise<string[]> {
    return (await this.start()).errorsOf(query);
  }

  async addRule(source: RuleSource | undefined, id: string, query: string): Promise<void> {
    return (await this.start()).addRule(source, id, query);
  }

  /** The window closes: the server is asked to exit. */
  async stop(): Promise<void> {
    await this.session?.stop();
  }

  dispose(): void {
    this.session?.dispose();
    this.lensChanges.dispose();
  }

  /** Starts the server a moment after activation when the workspace holds a .mmq file. */
  private startInARulesWorkspace(): void {
    const timer = setTimeout(() => {
      if (this.started) return;
      vscode.workspace.findFiles('**/*.mmq', '**/node_modules/**', 1).then(
        (found) => {
          if (found.length > 0) this.start().catch(() => undefined);
        },
        (error: unknown) => this.ctx.log.warn(`could not look for .mmq files: ${String(error)}`),
      );
    }, START_IN_A_RULES_WORKSPACE_MS);
    this.ctx.own({ dispose: () => clearTimeout(timer) });
  }

  private async open(): Promise<LanguageSession> {
    const { ctx } = this;
    const session = new (languageBundle().LanguageSession)({
      extension: ctx.extension,
      log: ctx.log,
      connection: ctx.connection,
      projects: this.projects,
    });
    this.session = session;
    session.lenses.onDidChangeCodeLenses(() => this.lensChanges.fire());
    try {
      await session.start();
    } catch (error: unknown) {
      // A start failure is said where the user can find it, once.
      ctx.log.error('the language server failed to start', error);
      void vscode.window.showErrorMessage(
        'Media Monitoring: the .mmq language server failed to start. See the "Media Monitoring" output.',
      );
      throw error;
    }
    this.lensChanges.fire();
    return session;
  }
}
