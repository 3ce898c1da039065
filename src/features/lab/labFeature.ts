// The query lab in the editor, made at activation: the inlay hints provider for .mmq files and
// the lab's commands. The counting itself (labCounts.ts, with core/lab and the query parser) is
// in the lab's bundle (dist/lab.js), loaded when a .mmq file first asks for its hints.
import * as vscode from 'vscode';
import { lazyBundle } from '../../shell/bundles';
import type { CommandArea } from '../../shell/commands/table';
import type { Ctx } from '../../shell/ctx';
import type { LanguagePort } from '../../shell/ports';
import type { NoiseAction } from '../../../core/lab/noiseEdit';
import type { CompareWith } from './labCompare';
import type { LabCounts } from './labCounts';
import type { NoiseFinder } from './noiseFinder';
import { readLabSettings, setLabWindow, WINDOW_CHOICES } from './labSettings';

const labBundle = lazyBundle<typeof import('./index')>('lab.js');

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * The rule a lab command is for: `(uri, ruleId)` from a hint's click, `{ uri, ruleId }` from a
 * CodeLens, nothing from the palette (the rule at the cursor).
 */
function ruleArguments(first: unknown, second: unknown): { uri?: string; ruleId?: string } {
  if (typeof first === 'object' && first !== null) {
    const { uri, ruleId } = first as { uri?: unknown; ruleId?: unknown };
    return { uri: text(uri), ruleId: text(ruleId) };
  }
  return { uri: text(first), ruleId: text(second) };
}

const isNoiseAction = (value: unknown): value is NoiseAction =>
  value === 'exclude' || value === 'require';

export class LabFeature {
  readonly commands;
  private loaded: LabCounts | undefined;
  private finder: NoiseFinder | undefined;
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
    ctx.own(
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        const shown = editors.filter((editor) => editor.document.languageId === 'mmq');
        if (shown.length > 0) this.counts().countShown(shown);
      }),
    );
    this.commands = {
      'mediaMonitoring.lab.countRule': (first?: unknown, second?: unknown) => {
        const { uri, ruleId } = ruleArguments(first, second);
        return this.counts().countRule(uri, ruleId);
      },
      'mediaMonitoring.lab.explainRule': (first?: unknown, second?: unknown) => {
        const { uri, ruleId } = ruleArguments(first, second);
        return this.counts().explainRule(uri, ruleId);
      },
      'mediaMonitoring.lab.chooseWindow': () => this.chooseWindow(),
      'mediaMonitoring.lab.findNoise': (first?: unknown, second?: unknown) => {
        const { uri, ruleId } = ruleArguments(first, second);
        return this.noise().find(uri, ruleId);
      },
      'mediaMonitoring.lab.compareWithLastRun': (first?: unknown, second?: unknown) =>
        this.compare('lastRun', first, second),
      'mediaMonitoring.lab.compareWithHead': (first?: unknown, second?: unknown) =>
        this.compare('head', first, second),
      // The text may be given (a script, a test); else it is asked for.
      'mediaMonitoring.lab.whyNot': (first?: unknown, second?: unknown, pasted?: unknown) => {
        const { uri, ruleId } = ruleArguments(first, second);
        return labBundle().whyNotCommand(
          { ...this.ctx.services(), language: this.language },
          uri,
          ruleId,
          text(pasted),
        );
      },
      // One term's edit, previewed first: named by a script or test, else asked for.
      'mediaMonitoring.lab.noiseEdit': (
        uri?: unknown,
        ruleId?: unknown,
        term?: unknown,
        action?: unknown,
      ) =>
        this.noise().edit(
          text(uri),
          text(ruleId),
          text(term),
          isNoiseAction(action) ? action : undefined,
        ),
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

  private compare(against: CompareWith, first: unknown, second: unknown) {
    const { uri, ruleId } = ruleArguments(first, second);
    const counts = this.counts();
    return labBundle().compareRule(
      { ...this.ctx.services(), language: this.language, counts, panel: counts.labPanel },
      against,
      uri,
      ruleId,
    );
  }

  /** The noise finder, made on first use with the count engine's cache. */
  noise(): NoiseFinder {
    this.finder ??= new (labBundle().NoiseFinder)({
      ...this.ctx.services(),
      counts: this.counts(),
      language: this.language,
    });
    return this.finder;
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
