// The rule a lab command works on: the one named (a hint's click, a CodeLens), or the one at the
// cursor of the active .mmq editor; and what it is counted against (its file's `// @project`, or
// the default project, or global data). Says why when there is none.
import * as vscode from 'vscode';
import type { CountTarget } from '../../../core/lab/countSource';
import type { FileRules, RuleSummary } from '../../../server/protocol';
import { defaultProject, readConnectionSettings } from '../../shell/connection/settings';
import type { LanguagePort } from '../../shell/ports';
import { labRulesOf } from './labRules';

export interface LabRule {
  readonly document: vscode.TextDocument;
  readonly file: FileRules;
  readonly rule: RuleSummary;
  readonly target: CountTarget;
}

/** Whether the lab works against a service (a base URL is set), where counts cost credits. */
export const isService = (): boolean => readConnectionSettings().baseUrl !== '';

export function targetOf(file: FileRules): CountTarget {
  const project = file.project ?? defaultProject();
  return project === undefined ? {} : { project };
}

export function whereOf(target: CountTarget): string {
  return target.project === undefined ? 'global data' : `project ${target.project}`;
}

function holdsCursor(document: vscode.TextDocument, rule: RuleSummary): boolean {
  const editor = vscode.window.activeTextEditor;
  if (editor?.document !== document) return false;
  const { start, end } = rule.extent;
  const line = editor.selection.active.line;
  return line >= start.line && line <= end.line;
}

export async function findLabRule(
  language: Pick<LanguagePort, 'rulesOf'>,
  uri: string | undefined,
  ruleId: string | undefined,
): Promise<LabRule | undefined> {
  const document = uri
    ? vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri)
    : vscode.window.activeTextEditor?.document;
  if (!document || document.languageId !== 'mmq') {
    void vscode.window.showInformationMessage(
      'Media Monitoring: open a .mmq file and put the cursor in a rule.',
    );
    return undefined;
  }
  const file = await labRulesOf(document, language);
  const rule = file?.rules.find((candidate) =>
    ruleId === undefined ? holdsCursor(document, candidate) : candidate.id === ruleId,
  );
  if (!file || !rule) {
    void vscode.window.showInformationMessage(
      ruleId === undefined
        ? 'Media Monitoring: no rule at the cursor.'
        : `Media Monitoring: no rule ${ruleId} in ${vscode.workspace.asRelativePath(document.uri)}.`,
    );
    return undefined;
  }
  return { document, file, rule, target: targetOf(file) };
}
