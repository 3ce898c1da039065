// Quick fixes: every fix that analysis attached to a diagnostic in the request's range, and for an
// over-limit rule the split into rules of at most 50 operands.
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
} from 'vscode-languageserver';
import type { Rule } from '../../core/query/ast';
import { OPERAND_LIMIT, type QueryDiagnostic } from '../../core/query/diagnostic';
import { ruleSplitEdit } from '../../core/query/split';
import type { Analysis } from '../analysisCache';
import { toRange } from '../convert';
import { DIAGNOSTIC_SOURCE } from './diagnostics';

function sameRange(analysis: Analysis, diagnostic: QueryDiagnostic, lsp: Diagnostic): boolean {
  const range = toRange(analysis.lines, diagnostic.span);
  return (
    range.start.line === lsp.range.start.line &&
    range.start.character === lsp.range.start.character &&
    range.end.line === lsp.range.end.line &&
    range.end.character === lsp.range.end.character
  );
}

function splitAction(analysis: Analysis, rule: Rule, lsp: Diagnostic): CodeAction | null {
  const result = ruleSplitEdit(analysis.file, rule);
  if (!result.ok) return null;
  return {
    title: `Split rule \`${rule.id}\` into ${result.count} rules of at most ${OPERAND_LIMIT} operands`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [lsp],
    isPreferred: true,
    edit: {
      changes: {
        [analysis.uri]: [
          { range: toRange(analysis.lines, result.edit.span), newText: result.edit.newText },
        ],
      },
    },
  };
}

export function codeActions(analysis: Analysis, params: CodeActionParams): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const lsp of params.context.diagnostics) {
    if (lsp.source !== DIAGNOSTIC_SOURCE) continue;
    const diagnostic = analysis
      .diagnostics()
      .find((candidate) => candidate.code === lsp.code && sameRange(analysis, candidate, lsp));
    if (!diagnostic) continue;
    for (const fix of diagnostic.fixes) {
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [lsp],
        isPreferred: fix.preferred,
        edit: {
          changes: {
            [analysis.uri]: fix.edits.map((edit) => ({
              range: toRange(analysis.lines, edit.span),
              newText: edit.newText,
            })),
          },
        },
      });
    }
    if (diagnostic.code === 'operand-limit') {
      const rule = analysis.file.rules.find((candidate) => candidate.id === diagnostic.rule);
      const action = rule ? splitAction(analysis, rule, lsp) : null;
      if (action) actions.push(action);
    }
  }
  return actions;
}
