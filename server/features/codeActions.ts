// Quick fixes: every fix that analysis attached to a diagnostic the client sends back, and for an
// over-limit rule the split into rules of at most 50 operands (when one exists; when none does,
// the diagnostic's message says why: diagnostics.ts).
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type Range,
  type TextEdit,
} from 'vscode-languageserver';
import type { Span } from '../../core/query/ast';
import { OPERAND_LIMIT, type QueryDiagnostic } from '../../core/query/diagnostic';
import { ruleSplitEdit } from '../../core/query/split';
import type { Analysis } from '../analysisCache';
import { toRange } from '../convert';
import { DIAGNOSTIC_SOURCE, ruleOf } from './diagnostics';

/** The analysis's diagnostics by code and range, indexed once per analysis. */
const byRange = new WeakMap<Analysis, Map<string, QueryDiagnostic>>();

function rangeKey(code: string, range: Range): string {
  const { start, end } = range;
  return `${code} ${start.line}:${start.character} ${end.line}:${end.character}`;
}

/**
 * The analysis diagnostic the client's diagnostic came from. A diagnostic published for an older
 * version no longer matches, and then no fix is offered: its edits would land in the wrong place.
 */
function origin(analysis: Analysis, lsp: Diagnostic): QueryDiagnostic | undefined {
  if (lsp.source !== DIAGNOSTIC_SOURCE || typeof lsp.code !== 'string') return undefined;
  let index = byRange.get(analysis);
  if (!index) {
    index = new Map();
    for (const candidate of analysis.diagnostics()) {
      const key = rangeKey(candidate.code, toRange(analysis.lines, candidate.span));
      if (!index.has(key)) index.set(key, candidate);
    }
    byRange.set(analysis, index);
  }
  return index.get(rangeKey(lsp.code, lsp.range));
}

function quickFix(
  analysis: Analysis,
  lsp: Diagnostic,
  title: string,
  edits: readonly { span: Span; newText: string }[],
  preferred: boolean,
): CodeAction {
  const changes: TextEdit[] = edits.map((edit) => ({
    range: toRange(analysis.lines, edit.span),
    newText: edit.newText,
  }));
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [lsp],
    isPreferred: preferred,
    edit: { changes: { [analysis.uri]: changes } },
  };
}

function splitAction(
  analysis: Analysis,
  diagnostic: QueryDiagnostic,
  lsp: Diagnostic,
): CodeAction | null {
  const rule = ruleOf(analysis, diagnostic);
  const result = rule ? ruleSplitEdit(analysis.file, rule) : null;
  if (!rule || !result?.ok) return null;
  return quickFix(
    analysis,
    lsp,
    `Split rule \`${rule.id}\` into ${result.count} rules of at most ${OPERAND_LIMIT} operands`,
    [result.edit],
    true,
  );
}

/** Whether the client asked for quick fixes (no `only` means every kind). */
function wantsQuickFixes(params: CodeActionParams): boolean {
  const only = params.context.only;
  // `quickfix` has no parent kind but the empty one, which stands for every kind.
  return (
    !only || only.some((kind) => kind === CodeActionKind.QuickFix || kind === CodeActionKind.Empty)
  );
}

export function codeActions(analysis: Analysis, params: CodeActionParams): CodeAction[] {
  if (!wantsQuickFixes(params)) return [];
  const actions: CodeAction[] = [];
  /** An over-limit rule has two diagnostics (its header and its 51st operand): one split each. */
  const splitRules = new Set<string | null>();
  for (const lsp of params.context.diagnostics) {
    const diagnostic = origin(analysis, lsp);
    if (!diagnostic) continue;
    for (const fix of diagnostic.fixes())
      actions.push(quickFix(analysis, lsp, fix.title, fix.edits, fix.preferred));
    if (diagnostic.code === 'operand-limit' && !splitRules.has(diagnostic.rule)) {
      splitRules.add(diagnostic.rule);
      const split = splitAction(analysis, diagnostic, lsp);
      if (split) actions.push(split);
    }
  }
  return actions;
}
