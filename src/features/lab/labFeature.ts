// The query lab in the editor, made at activation: the inlay hints provider for .mmq files and
// the lab's commands. The counting itself (labCounts.ts, with core/lab and the query parser) is
// in the lab's bundle (dist/lab.js), loaded when a .mmq file first asks for its hints.
import * as vscode from 'vscode';
import { lazyBundle } from '../../shell/bundles';
import type { CommandArea } from '../../shell/commands/table';
import type { Ctx } from '../../shell/ctx';
import type { LanguagePort } from '../../shell/ports';
import type { LabCounts } from './labCounts';
import { readLabSettings, setLabWindow, WINDOW_CHOICES } from './labSettings';

const labBundle = lazyBundle<typeof import('./index')>('lab.js');

export class LabFeature {
  readonly commands;
  private loaded: LabCounts | undefined;
  /** Fired when the hints should be asked for again. */
  private readonly changes: vscode.EventEmitter<void>;

  constructor(
    private readonly ctx: Ctx,
    private readonly language: Pick<LanguagePort, 'rulesOf'>,
  ) {
    const changes = (this.changes = ctx.own(new vscode.EventEmitter<void>()));
    ctx.own(
      vscode.languages.registerInlayHintsProvider(
        { language: 'mmq' },
        {
          onDidChangeInlayHints: changes.event,
          provideInlayHints: (document, _range, token) =>
            this.counts().provideInlayHints(document, token),
        },
      ),
    );
    this.commands = {
      'mediaMonitoring.lab.countRule': (uri?: unknown, ruleId?: unknown) =>
        this.counts().countRule(
          typeof uri === 'string' ? uri : undefined,
          typeof ruleId === 'string' ? ruleId : undefined,
        ),
      'mediaMonitoring.lab.explainRule': (uri?: unknown, ruleId?: unknown) =>
        this.counts().explainRule(
          typeof uri === 'string' ? uri : undefined,
          typeof ruleId === 'string' ? ruleId : undefined,
        ),
      'mediaMonitoring.lab.chooseWindow': () => this.chooseWindow(),
    } satisfies CommandArea;
  }

  /** The count engine, made on first use (and disposed with the context). */
  counts(): LabCounts {
    this.loaded ??= this.ctx.own(
      new (labBundle().LabCounts)({
        ...this.ctx.services(),
        language: this.language,
        onConnectionChange: this.ctx.connection.onDidChange,
        changed: () => this.changes.fire(),
      }),
    );
    return this.loaded;
  }

  private async chooseWindow(): Promise<void> {
    const current = readLabSettings().days;
    const picked = await vscode.window.showQuickPick(
      WINDOW_CHOICES.map((days) => ({
        label: `Last ${days} ${days === 1 ? 'day' : 'days'}`,
        description: days === current ? 'current' : undefined,
        days,
      })),
      { title: 'Query lab: count rules over', placeHolder: `now the last ${current} days` },
    );
    if (picked) await setLabWindow(picked.days);
  }
}
