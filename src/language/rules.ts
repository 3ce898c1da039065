// A document's rules, as the language server sees them (mediaMonitoring/rules), for CodeLens,
// the run commands and adding a rule.
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { RulesRequest, type FileRules, type RuleSummary } from '../../server/protocol';
import { readFileRules } from './fileRulesCheck';

export async function rulesOf(
  client: LanguageClient,
  document: vscode.TextDocument,
  token?: vscode.CancellationToken,
): Promise<FileRules | undefined> {
  const answer: unknown = await client.sendRequest(
    RulesRequest,
    { uri: document.uri.toString() },
    token,
  );
  return readFileRules(answer);
}

/** The rule whose extent holds `line`. */
export function ruleAt(rules: FileRules, line: number): RuleSummary | undefined {
  return rules.rules.find((rule) => rule.extent.start.line <= line && line <= rule.extent.end.line);
}
