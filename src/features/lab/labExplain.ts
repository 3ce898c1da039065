// "Explain Rule" on the rule at the cursor: its parts (core/lab/ruleParts.ts), the count
// queries that explain them (countPlan.ts), said with their number and cost before any is made
// (and, against a service, confirmed first), counted, and shown where they are written: an
// inlay hint beside each operand (`312 · 40 only`) and each exclusion (`−85`), and the lab's
// flags as information diagnostics of their own (source `mmq lab`). An edit of the document
// drops its explanation: the numbers would stand beside text they no longer describe.
import * as vscode from 'vscode';
import { countPlanOf } from '../../../core/lab/countPlan';
import { costOfCounts } from '../../../core/lab/countCost';
import type { CountTarget } from '../../../core/lab/countSource';
import type { CountWindow } from '../../../core/lab/countWindow';
import { countsFrom, explainRule, type RuleExplanation } from '../../../core/lab/explanation';
import { flagMessage, type LabFlagCode } from '../../../core/lab/labFlags';
import { partsOf } from '../../../core/lab/ruleParts';
import { parseFile } from '../../../core/query/file';
import type { CommandRunner } from '../../shell/commands/runner';
import type { Questions } from '../../shell/questions';
import { countLabel, exclusionLabel, operandLabel } from './countText';
import { whereOf } from './labRule';
import type { LabPanel } from './labPanel';
import { ruleFileNameOf } from './labRules';

/** The source of the lab's diagnostics, beside the language server's `mmq`. */
const SOURCE = 'mmq lab';

/** What the explainer needs of the count engine (labCounts.ts): its cache, budget and target. */
export interface ExplainCounts {
  /** The queries not counted yet for this target and window: each is a call. */
  uncounted(queries: readonly string[], target: CountTarget, window: CountWindow): number;
  /** Counts the queries (cached ones are free), by query. */
  countAll(
    queries: readonly string[],
    target: CountTarget,
    window: CountWindow,
    signal: AbortSignal,
  ): Promise<Map<string, number>>;
}

export interface ExplainRequest {
  readonly document: vscode.TextDocument;
  readonly ruleId: string;
  readonly target: CountTarget;
  readonly window: CountWindow;
  /** Against a service: the cost is asked for first. */
  readonly service: boolean;
}

interface Shown {
  readonly version: number;
  readonly hints: readonly vscode.InlayHint[];
}

export class LabExplanations implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection(SOURCE);
  private readonly shown = new Map<string, Shown>();
  private readonly watching: vscode.Disposable;

  constructor(
    private readonly counts: ExplainCounts,
    private readonly runner: CommandRunner,
    private readonly questions: Questions,
    private readonly changed: () => void,
    private readonly parts: LabPanel,
  ) {
    this.watching = vscode.workspace.onDidChangeTextDocument((event) => {
      const uri = event.document.uri.toString();
      if (event.contentChanges.length === 0 || !this.shown.has(uri)) return;
      this.shown.delete(uri);
      this.diagnostics.delete(event.document.uri);
      changed();
    });
  }

  /** The explanation's hints for a document, while its text is the one explained. */
  hintsOf(document: vscode.TextDocument): readonly vscode.InlayHint[] {
    const shown = this.shown.get(document.uri.toString());
    return shown?.version === document.version ? shown.hints : [];
  }

  async explain(request: ExplainRequest): Promise<RuleExplanation | undefined> {
    const { document, ruleId, target, window } = request;
    const rule = parseFile(document.getText(), ruleFileNameOf(document)).rules.find(
      (candidate) => candidate.id === ruleId,
    );
    const query = rule?.parsed.query;
    if (!rule || !query || rule.parsed.issues.length > 0) {
      void vscode.window.showInformationMessage(
        `Media Monitoring: the rule ${ruleId} has errors: fix them to explain it.`,
      );
      return undefined;
    }
    const parts = partsOf(query);
    const plan = countPlanOf(parts);
    const calls = this.counts.uncounted(plan.queries, target, window);
    const cost = costOfCounts(calls);
    // Said before any call: how many, and what they cost (nothing against the sandbox).
    const said = `Explain ${ruleId}: ${plan.queries.length} counts, ${calls} not known yet (${
      request.service ? cost.note : `${calls} histogram calls, free against the sandbox`
    })`;
    if (request.service && calls > 0) {
      const answer = await this.questions.ask(
        `Explain ${ruleId}?`,
        `${cost.note}, over the last ${window.days} days.`,
        'Explain',
      );
      if (answer !== 'Explain') return undefined;
    }
    const version = document.version;
    return this.runner.call({ title: said }, async ({ signal }) => {
      // The panel opens (its page loads) while the counts are under way.
      this.parts
        .counting({
          ruleId,
          target: whereOf(target),
          days: window.days,
          counts: plan.queries.length,
          known: plan.queries.length - calls,
        })
        .catch(() => undefined);
      const counted = await this.counts.countAll(plan.queries, target, window, signal);
      const explanation = explainRule(parts, plan, countsFrom(counted));
      if (document.version === version) {
        this.show(document, explanation);
        await this.parts.show({
          document,
          ruleId,
          target: whereOf(target),
          days: window.days,
          sandbox: !request.service,
          explanation,
        });
      }
      this.runner.done(`${ruleId}: ${countLabel(explanation.total, window.days)} explained`);
      return explanation;
    });
  }

  dispose(): void {
    this.watching.dispose();
    this.diagnostics.dispose();
    this.shown.clear();
  }

  private show(document: vscode.TextDocument, explanation: RuleExplanation): void {
    const at = (offset: number) => document.positionAt(offset);
    const range = (span: { start: number; end: number }) =>
      new vscode.Range(at(span.start), at(span.end));
    const hints: vscode.InlayHint[] = [];
    const diagnostics: vscode.Diagnostic[] = [];
    const flag = (code: LabFlagCode, span: { start: number; end: number }, text: string) => {
      const diagnostic = new vscode.Diagnostic(
        range(span),
        flagMessage(code, text, explanation.total),
        vscode.DiagnosticSeverity.Information,
      );
      diagnostic.source = SOURCE;
      diagnostic.code = code;
      diagnostics.push(diagnostic);
    };
    for (const row of explanation.operands) {
      const hint = new vscode.InlayHint(at(row.part.span.end), operandLabel(row.count, row.only));
      hint.paddingLeft = true;
      hint.tooltip = `\`${row.part.text}\` matches ${row.count.toLocaleString('en')} documents of the rule; without it the rule loses ${Math.max(0, row.only).toLocaleString('en')}.`;
      hints.push(hint);
      for (const code of row.flags) flag(code, row.part.span, row.part.text);
    }
    for (const row of explanation.exclusions) {
      const hint = new vscode.InlayHint(at(row.part.span.end), exclusionLabel(row.removed));
      hint.paddingLeft = true;
      hint.tooltip = `\`${row.part.text}\` removes ${Math.max(0, row.removed).toLocaleString('en')} documents from the rule.`;
      hints.push(hint);
      for (const code of row.flags) flag(code, row.part.span, row.part.text);
    }
    this.shown.set(document.uri.toString(), { version: document.version, hints });
    this.diagnostics.set(document.uri, diagnostics);
    this.changed();
  }
}
