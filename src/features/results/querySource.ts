// Where a run's query comes from: a rule named by its CodeLens, the rule at the cursor, the
// selection, or a query typed in an input box. Every one is checked by the language server
// first: a query with errors does not run, and the user hears which error.
import * as vscode from 'vscode';
import type { FileRules, RuleSummary } from '../../../server/protocol';
import { defaultProject } from '../../shell/connection/settings';
import type { RunSource } from './runSpec';

/** What resolving a query asks of the language server (language/rules.ts). */
export interface LanguageQueries {
  rulesOf(document: vscode.TextDocument): Promise<FileRules | undefined>;
  /** The error messages of a query on its own. */
  errorsOf(query: string): Promise<readonly string[]>;
}

/** The rule whose extent holds `line`. */
function ruleAt(rules: FileRules, line: number): RuleSummary | undefined {
  return rules.rules.find((rule) => rule.extent.start.line <= line && line <= rule.extent.end.line);
}

/** What a CodeLens passes: the rule it stands above. */
export interface RuleArgument {
  readonly uri: string;
  readonly ruleId: string;
}

export function isRuleArgument(value: unknown): value is RuleArgument {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RuleArgument).uri === 'string' &&
    typeof (value as RuleArgument).ruleId === 'string'
  );
}

export interface QuerySource {
  readonly title: string;
  readonly query: string;
  readonly source?: RunSource;
  /** The project the run looks in: the file's // @project, else the default project. */
  readonly projectId: string | undefined;
  /** Where the project came from, for what the panel and the lens say. */
  readonly projectFrom: 'annotation' | 'default' | 'none';
}

function project(
  annotated: string | null | undefined,
): Pick<QuerySource, 'projectId' | 'projectFrom'> {
  if (annotated) return { projectId: annotated, projectFrom: 'annotation' };
  const fallback = defaultProject();
  return fallback
    ? { projectId: fallback, projectFrom: 'default' }
    : { projectId: undefined, projectFrom: 'none' };
}

async function checked(language: LanguageQueries, query: string, what: string): Promise<boolean> {
  const errors = await language.errorsOf(query);
  if (errors.length === 0) return true;
  void vscode.window.showErrorMessage(
    `Media Monitoring: ${what} is not run: it has ${errors.length === 1 ? 'an error' : `${errors.length} errors`}: ${errors[0] ?? ''}`,
  );
  return false;
}

/** The rule named, or at the cursor; the selection; or a typed query. Undefined: not run. */
export async function resolveQuery(
  language: LanguageQueries,
  argument: unknown,
): Promise<QuerySource | undefined> {
  if (isRuleArgument(argument)) {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(argument.uri));
    return fromRule(language, document, (rules) =>
      rules.rules.find((rule) => rule.id === argument.ruleId),
    );
  }
  const editor = vscode.window.activeTextEditor;
  if (editor?.document.languageId === 'mmq') {
    if (!editor.selection.isEmpty) {
      const query = editor.document.getText(editor.selection).trim();
      if (!(await checked(language, query, 'The selection'))) return undefined;
      const rules = await language.rulesOf(editor.document);
      return { title: 'Selection', query, ...project(rules?.project) };
    }
    const line = editor.selection.active.line;
    return fromRule(language, editor.document, (rules) => ruleAt(rules, line));
  }
  const query = await vscode.window.showInputBox({
    title: 'Run a query',
    prompt: 'A query of the .mmq language, e.g. acme AND lang:en',
    ignoreFocusOut: true,
  });
  if (!query?.trim()) return undefined;
  if (!(await checked(language, query.trim(), 'The query'))) return undefined;
  return { title: 'Typed query', query: query.trim(), ...project(undefined) };
}

async function fromRule(
  language: LanguageQueries,
  document: vscode.TextDocument,
  pick: (rules: FileRules) => RuleSummary | undefined,
): Promise<QuerySource | undefined> {
  const rules = await language.rulesOf(document);
  const rule = rules ? pick(rules) : undefined;
  if (!rules || !rule) {
    void vscode.window.showInformationMessage(
      'Media Monitoring: put the cursor in a rule, or select a query, to run it.',
    );
    return undefined;
  }
  if (rule.errors > 0) {
    void vscode.window.showErrorMessage(
      `Media Monitoring: rule ${rule.id} is not run: ${rule.errors === 1 ? 'an error' : `${rule.errors} errors`}, the first on line ${(rule.firstError?.line ?? 0) + 1}: ${rule.firstError?.message ?? ''}`,
    );
    return undefined;
  }
  return {
    title: rule.id,
    query: rule.query,
    source: { uri: document.uri.toString(), ruleId: rule.id },
    ...project(rules.project),
  };
}
