// CodeLens above each rule of a .mmq file: Histogram with its cost, Distribution…, Top
// influencers where a project applies, and Results (in the project, else over global data); on
// the `// @stream` line, Push to stream and Tail stream. A rule with errors gets one lens that
// says why it does not run. The tooltip names where the run looks: the file's project, the
// default project, or global data.
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { estimateCredits } from '../../../core/api/client/estimate';
import type { CommandId } from '../../shell/commands/ids';
import { defaultProject, SECTION } from '../../shell/connection/settings';
import { costLabel } from '../../shell/commands/creditDecision';
import { rulesOf } from './ruleRequests';

/** The line of the first `// @name` annotation before the first rule header, or -1. */
function annotationLine(document: vscode.TextDocument, name: string): number {
  const pattern = new RegExp(`^\\s*//\\s*@${name}\\b`);
  for (let line = 0; line < document.lineCount; line++) {
    const text = document.lineAt(line).text;
    if (text.startsWith('###')) return -1;
    if (pattern.test(text)) return line;
  }
  return -1;
}

export class RuleLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly watching: vscode.Disposable;

  constructor(private readonly client: LanguageClient) {
    // The default project decides the lenses of files without // @project.
    this.watching = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`${SECTION}.defaultProject`)) this.changed.fire();
    });
  }

  async provideCodeLenses(
    document: vscode.TextDocument,
    token: vscode.CancellationToken,
  ): Promise<vscode.CodeLens[]> {
    if (this.client.state !== State.Running) return [];
    const rules = await rulesOf(this.client, document, token).catch(() => undefined);
    if (!rules || token.isCancellationRequested) return [];
    const project = rules.project ?? defaultProject();
    const where = rules.project
      ? `project ${rules.project} (the file's // @project)`
      : project
        ? `project ${project} (the default project)`
        : 'global data of the last 30 days (no // @project in the file, and no default project)';
    const histogramCost = costLabel(estimateCredits({ kind: 'histogram' })) ?? '';
    const lenses: vscode.CodeLens[] = [];
    const streamLine = rules.stream === null ? -1 : annotationLine(document, 'stream');
    if (rules.stream !== null && streamLine >= 0)
      lenses.push(
        new vscode.CodeLens(new vscode.Range(streamLine, 0, streamLine, 0), {
          title: `$(cloud-upload) Push to stream ${rules.stream}`,
          tooltip: `The file's rules become the rules of stream ${rules.stream} (asks first, saying what changes)`,
          command: 'mediaMonitoring.stream.push' satisfies CommandId,
          arguments: [document.uri.toString()],
        }),
        new vscode.CodeLens(new vscode.Range(streamLine, 0, streamLine, 0), {
          title: `$(output) Tail stream ${rules.stream}`,
          tooltip: `Its results as they arrive, in an output channel (a credit each)`,
          command: 'mediaMonitoring.tail.start' satisfies CommandId,
          arguments: [{ kind: 'stream', id: rules.stream }],
        }),
      );
    for (const rule of rules.rules) {
      const range = new vscode.Range(
        rule.range.start.line,
        rule.range.start.character,
        rule.range.end.line,
        rule.range.end.character,
      );
      if (rule.errors > 0) {
        lenses.push(
          new vscode.CodeLens(range, {
            title: `$(error) Not run: ${rule.errors === 1 ? 'an error' : `${rule.errors} errors`} (line ${(rule.firstError?.line ?? 0) + 1})`,
            tooltip: rule.firstError?.message ?? 'The rule has errors: see the Problems view.',
            command: 'workbench.actions.view.problems',
          }),
        );
        continue;
      }
      const argument = { uri: document.uri.toString(), ruleId: rule.id };
      const lens = (title: string, command: CommandId, tooltip: string, ask = false) =>
        new vscode.CodeLens(range, {
          title,
          tooltip: `${tooltip} of rule ${rule.id}, in ${where}`,
          command,
          arguments: [ask ? { ...argument, ask: true } : argument],
        });
      lenses.push(
        lens(`Histogram · ${histogramCost}`, 'mediaMonitoring.results.histogram', 'The histogram'),
        lens('Distribution…', 'mediaMonitoring.results.distribution', 'A distribution', true),
      );
      if (project)
        lenses.push(
          lens('Top influencers', 'mediaMonitoring.results.influencers', 'The top influencers'),
        );
      lenses.push(
        lens('Results', 'mediaMonitoring.results.search', 'The search results'),
        lens('Explain', 'mediaMonitoring.lab.explainRule', 'What each part brings, counted'),
      );
    }
    return lenses;
  }

  dispose(): void {
    this.watching.dispose();
    this.changed.dispose();
  }
}
