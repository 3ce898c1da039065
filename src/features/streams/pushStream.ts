// Pushing a .mmq file's rules as a stream (the CodeLens on `// @stream`, the editor's and the
// explorer's menus, the palette): lint first, offer the language server's split for rules over
// 50 operands, ask with what changes since the last push, then define the stream. In
// dist/live.js; src/features/streams/streamCommands.ts hands it what it needs of the extension.
import { counted } from '../../../core/plural';
import * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import { isApiError } from '../../../core/api/client/errors';
import { OPERAND_LIMIT } from '../../../core/query/diagnostic';
import { streamPushOf, type StreamRuleToPush } from '../../../core/streams/streamPush';
import type { FileRules } from '../../../server/protocol';
import type { CommandRunner } from '../../shell/commands/runner';
import { pushQuestion, type StreamBefore } from './pushChanges';
import type { Questions } from '../../shell/questions';
import { pushedKey } from './pushedKey';

export interface PushServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly workspaceState: vscode.Memento;
  readonly rulesOf: (document: vscode.TextDocument) => Promise<FileRules | undefined>;
  readonly refreshStreams: () => void;
  /** To read what the stream holds before the push. */
  readonly client: () => Promise<MediaMonitoringClient>;
  readonly log: vscode.LogOutputChannel;
}

/** The document a push command is for: the URI it was given, or the active .mmq editor's. */
async function documentOf(argument: unknown): Promise<vscode.TextDocument | undefined> {
  if (argument instanceof vscode.Uri) return vscode.workspace.openTextDocument(argument);
  if (typeof argument === 'string')
    return vscode.workspace.openTextDocument(vscode.Uri.parse(argument));
  const active = vscode.window.activeTextEditor?.document;
  return active?.languageId === 'mmq' ? active : undefined;
}

const fileName = (document: vscode.TextDocument) =>
  document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1);

/**
 * Waits (5 s at most) until the operand-limit diagnostic on `line` is published: the split is a
 * quick fix of that diagnostic, and a file just opened may not have it yet.
 */
async function diagnosticsShown(uri: vscode.Uri, line: number): Promise<void> {
  const shown = () =>
    vscode.languages
      .getDiagnostics(uri)
      .some(
        (diagnostic) => diagnostic.code === 'operand-limit' && diagnostic.range.start.line === line,
      );
  if (shown()) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    };
    const timer = setTimeout(done, 5_000);
    const listener = vscode.languages.onDidChangeDiagnostics(() => {
      if (shown()) done();
    });
  });
}

/** Applies the language server's split to each over-limit rule; false when one has none. */
async function splitRules(
  document: vscode.TextDocument,
  rules: readonly { readonly id: string; readonly range: { start: { line: number } } }[],
): Promise<boolean> {
  // Last rule first, so that each split leaves the lines of the rules before it where they were.
  for (const rule of [...rules].sort((a, b) => b.range.start.line - a.range.start.line)) {
    const line = rule.range.start.line;
    await diagnosticsShown(document.uri, line);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      new vscode.Range(line, 0, line, document.lineAt(line).text.length),
      vscode.CodeActionKind.QuickFix.value,
    );
    const split = actions.find((action) => action.title.startsWith(`Split rule \`${rule.id}\``));
    if (!split?.edit || !(await vscode.workspace.applyEdit(split.edit))) return false;
  }
  return true;
}

/**
 * What the stream holds before a push: the service's rules, nothing (code 15: a new stream), or,
 * when the service's rules cannot be read, the last push from this workspace.
 */
async function streamBefore(s: PushServices, stream: string): Promise<StreamBefore> {
  try {
    const client = await s.client();
    const [held] = (await client.streams.get(stream)).result_stream.data;
    return {
      source: 'service',
      rules: (held?.rules ?? []).map(({ rule_id, query }) => ({ rule_id, query })),
    };
  } catch (error: unknown) {
    if (isApiError(error) && error.statusCode === '15') return { source: 'none' };
    s.log.info(`push: the rules of stream ${stream} could not be read: ${String(error)}`);
    return {
      source: 'workspace',
      rules: s.workspaceState.get<StreamRuleToPush[]>(pushedKey(stream)),
    };
  }
}

export async function pushStream(s: PushServices, argument: unknown): Promise<void> {
  const { runner, questions } = s;
  const state = s.workspaceState;
  const document = await documentOf(argument);
  if (!document) {
    void vscode.window.showInformationMessage(
      'Media Monitoring: open a .mmq file to push its rules as a stream.',
    );
    return;
  }
  const rules = await s.rulesOf(document);
  if (!rules) return;
  const broken = rules.rules.filter((rule) => rule.errors > 0);
  // Over 50 operands and nothing else wrong: the language server's split makes it pushable.
  const overLimit = broken.filter(
    (rule) => rule.errorCodes.length === 1 && rule.errorCodes[0] === 'operand-limit',
  );
  if (broken.length > 0 && overLimit.length === broken.length) {
    const split = 'Split and Push';
    const choice = await questions.ask(
      `${overLimit.map((rule) => rule.id).join(', ')} ${overLimit.length === 1 ? 'has' : 'have'} more than ${OPERAND_LIMIT} operands: split into rules of at most ${OPERAND_LIMIT}, then push?`,
      'The split is the quick fix of the file: its rules are rewritten in the editor (undo takes it back).',
      split,
    );
    if (choice !== split || !(await splitRules(document, overLimit))) return;
    return pushStream(s, document.uri);
  }
  if (broken.length > 0) {
    const first = broken[0];
    const show = 'Show Problems';
    // Not awaited: the command ends here, the notification stays until it is closed.
    void vscode.window
      .showErrorMessage(
        `Media Monitoring: ${fileName(document)} was not pushed: ${broken.length === 1 ? 'rule' : `${broken.length} rules have errors, the first`} ${first?.id ?? ''} at line ${(first?.firstError?.line ?? 0) + 1}: ${first?.firstError?.message ?? 'an error'}`,
        show,
      )
      .then((choice) =>
        choice === show
          ? vscode.commands.executeCommand('workbench.actions.view.problems')
          : undefined,
      );
    return;
  }
  const plan = streamPushOf({
    streams: rules.stream === null ? [] : [rules.stream],
    rules: rules.rules.map((rule) => ({ id: rule.id, query: rule.query })),
  });
  if (!plan.ok) {
    void vscode.window.showErrorMessage(
      `Media Monitoring: ${fileName(document)}: ${plan.problem}.`,
    );
    return;
  }
  const before = await streamBefore(s, plan.stream);
  const question = pushQuestion(plan.stream, fileName(document), plan.rules, before);
  if ((await questions.ask(question.message, question.detail, question.action)) !== question.action)
    return;
  await runner.call({ title: `Push stream ${plan.stream}` }, async (call) => {
    await call.client.streams.define(plan.stream, plan.rules, { signal: call.signal });
    await state.update(pushedKey(plan.stream), plan.rules);
    s.refreshStreams();
    runner.done(`Stream ${plan.stream}: ${counted(plan.rules.length, 'rule')} pushed`);
  });
}
