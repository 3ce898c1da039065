// The noise finder: a rule's theme cloud (what its documents talk about), and for a term the
// user picks, the edit that excludes or requires it (core/lab/noiseEdit.ts: into the rule's
// `AND NOT (…)` group, formatted as the formatter formats), previewed before it is made: the
// rule's count before and after, and the theme cloud of the documents the edit removes. Applied
// as an ordinary workspace edit, so undo works. Against a service every call is priced and asked
// first; the counts go through the lab's cache, so the count hint after the edit is the preview's.
import * as vscode from 'vscode';
import { costOfCounts } from '../../../core/lab/countCost';
import type { CountTarget } from '../../../core/lab/countSource';
import { lastDays, type CountWindow } from '../../../core/lab/countWindow';
import { noiseEdit, type NoiseAction } from '../../../core/lab/noiseEdit';
import { lostQuery } from '../../../core/lab/countPlan';
import {
  candidateTerms,
  themeTerms,
  type ThemeTerm,
  type TokenizingMode,
} from '../../../core/lab/themeCloud';
import type { CommandRunner } from '../../shell/commands/runner';
import type { LanguagePort } from '../../shell/ports';
import type { Questions } from '../../shell/questions';
import type { ExplainCounts } from './labExplain';
import { findLabRule, isService, whereOf } from './labRule';
import { readLabSettings } from './labSettings';
import { askAction, askTerm, confirmPreview, pickTerm, type PreviewShown } from './noisePicks';
import { ruleFileNameOf } from './labRules';

export interface NoiseServices {
  readonly counts: ExplainCounts;
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly language: Pick<LanguagePort, 'rulesOf'>;
}

/** What the finder shows, for the in-editor tests (VS Code's lists cannot be read from outside). */
export interface NoiseState {
  readonly showing: 'terms' | 'preview' | undefined;
  readonly terms: readonly ThemeTerm[];
  readonly preview:
    (PreviewShown & { readonly before: number; readonly after: number }) | undefined;
}

const VERB: Record<NoiseAction, string> = { exclude: 'Exclude', require: 'Require' };

export class NoiseFinder {
  private mode: TokenizingMode = 'normal';
  private current: NoiseState = { showing: undefined, terms: [], preview: undefined };

  constructor(private readonly s: NoiseServices) {}

  get state(): NoiseState {
    return this.current;
  }

  /** "Find Noise" on the rule named or at the cursor: its theme cloud, then the term's edit. */
  async find(uri?: string, ruleId?: string): Promise<void> {
    const found = await findLabRule(this.s.language, uri, ruleId);
    if (!found) return;
    const { document, rule, target } = found;
    const window = lastDays(readLabSettings().days, Date.now());
    for (;;) {
      const cloud = await this.cloud(rule.id, rule.query, target, window, 'theme cloud');
      if (!cloud) return;
      const terms = candidateTerms(cloud, rule.query);
      this.current = { showing: 'terms', terms, preview: undefined };
      const choice = await pickTerm(
        terms,
        this.mode,
        `Noise in ${rule.id}: what its documents talk about (${whereOf(target)}, ${window.days} d)`,
      ).finally(() => (this.current = { ...this.current, showing: undefined }));
      if (!choice) return;
      if ('mode' in choice) {
        this.mode = choice.mode;
        continue;
      }
      await this.edit(document.uri.toString(), rule.id, choice.term, choice.action);
      return;
    }
  }

  /**
   * The edit of one term, previewed and applied once confirmed; true when applied. The rule is
   * the one at the cursor and the term and action are asked for, when not given.
   */
  async edit(
    uri: string | undefined,
    ruleId: string | undefined,
    term?: string,
    action?: NoiseAction,
  ): Promise<boolean> {
    const found = await findLabRule(this.s.language, uri, ruleId);
    if (!found) return false;
    const { document, rule, target } = found;
    const word = term ?? (await askTerm(rule.id));
    const act = word === undefined ? undefined : (action ?? (await askAction(word, rule.id)));
    if (word === undefined || act === undefined) return false;
    const version = document.version;
    const planned = noiseEdit(document.getText(), ruleFileNameOf(document), rule.id, word, act);
    if (!planned.ok) {
      void vscode.window.showWarningMessage(`Media Monitoring: ${planned.problem}.`);
      return false;
    }
    const window = lastDays(readLabSettings().days, Date.now());
    const preview = await this.preview(rule.query, planned.query, target, window, {
      ruleId: rule.id,
      term: word,
      action: act,
    });
    if (!preview) return false;
    this.current = { ...this.current, showing: 'preview', preview };
    const apply = await confirmPreview(preview).finally(
      () => (this.current = { ...this.current, showing: undefined }),
    );
    if (!apply) return false;
    if (document.version !== version) {
      void vscode.window.showWarningMessage(
        `Media Monitoring: ${vscode.workspace.asRelativePath(document.uri)} changed since the preview; the edit was not made. Run it again.`,
      );
      return false;
    }
    const change = new vscode.WorkspaceEdit();
    const { span, newText } = planned.edit;
    change.replace(
      document.uri,
      new vscode.Range(document.positionAt(span.start), document.positionAt(span.end)),
      newText,
    );
    return vscode.workspace.applyEdit(change);
  }

  /** A theme cloud through the runner (priced and asked first against a service). */
  private cloud(
    ruleId: string,
    query: string,
    target: CountTarget,
    window: CountWindow,
    what: string,
  ): Promise<ThemeTerm[] | undefined> {
    const mode = this.mode;
    return this.s.runner.call(
      {
        title: `Noise in ${ruleId}: ${what} (${mode})`,
        cost: { kind: 'histogram' },
        request: 'GET /api/v1/…/histogram/theme_cloud',
      },
      ({ client, signal }) => themeTerms(client, query, target, window, mode, signal),
    );
  }

  private async preview(
    before: string,
    after: string,
    target: CountTarget,
    window: CountWindow,
    edit: { ruleId: string; term: string; action: NoiseAction },
  ): Promise<NoiseState['preview']> {
    const { ruleId, term, action } = edit;
    const calls = this.s.counts.uncounted([before, after], target, window) + 1;
    const cost = costOfCounts(calls);
    if (isService()) {
      const answer = await this.s.questions.ask(
        `Preview: ${VERB[action]} "${term}" in ${ruleId}?`,
        `${cost.note}: the count before and after, and the theme cloud of what the edit removes.`,
        'Preview',
      );
      if (answer !== 'Preview') return undefined;
    }
    const mode = this.mode;
    return this.s.runner.call(
      { title: `Preview: ${VERB[action]} "${term}" in ${ruleId} (${calls} calls)` },
      async ({ client, signal }) => {
        const counted = await this.s.counts.countAll([before, after], target, window, signal);
        const lost = lostQuery(before, after);
        const removed = await themeTerms(client, lost, target, window, mode, signal);
        const countBefore = counted.get(before) ?? 0;
        const countAfter = counted.get(after) ?? 0;
        const change = countAfter - countBefore;
        const signed = `${change < 0 ? '−' : '+'}${Math.abs(change).toLocaleString('en')}`;
        return {
          title: `${VERB[action]} "${term}" in ${ruleId}: ${countBefore.toLocaleString('en')} → ${countAfter.toLocaleString('en')} documents (${signed}) in ${window.days} d`,
          apply: `Apply: ${VERB[action].toLowerCase()} "${term}" (${countAfter.toLocaleString('en')} documents)`,
          removed,
          removedCount: Math.max(0, -change),
          before: countBefore,
          after: countAfter,
        };
      },
    );
  }
}
