// A document's rules, as the language server sees them (mediaMonitoring/rules), for CodeLens,
// the run commands and adding a rule; and the errors of a query on its own.
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CheckQueryRequest, RulesRequest, type FileRules } from '../../../server/protocol';
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

/** The error messages of a query on its own (mediaMonitoring/checkQuery), checked on arrival. */
export async function errorsOf(client: LanguageClient, query: string): Promise<string[]> {
  const answer: unknown = await client.sendRequest(CheckQueryRequest, { query });
  const errors = (answer as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((error: unknown) => {
    const message = (error as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : 'an error';
  });
}
