// The diagnostics of spec §4 for one rule's query, and a file issue as a diagnostic. Linear in the
// rule: every check costs a constant per node (messages quote at most 120 characters, fixes are
// made when asked for, operands are compared by structural keys). Sorting and the cap per code
// (cap.ts) are the caller's, once the rule's file issues are in.
import type { FileIssue, QueryNode, Rule } from './ast';
import { checkFieldClause } from './checks/fieldClause';
import { checkLimits } from './checks/limits';
import { OperandKeys } from './checks/operandKeys';
import { checkStructure } from './checks/structure';
import { checkTermLike } from './checks/terms';
import type { Draft } from './checks/draft';
import { DIAGNOSTIC_CODES, NO_FIXES, type QueryDiagnostic } from './diagnostic';
import { walk } from './walk';

/** A check's draft as a diagnostic of `rule` (null: of no rule). */
export function finish(draft: Draft, rule: string | null): QueryDiagnostic {
  return {
    code: draft.code,
    severity: DIAGNOSTIC_CODES[draft.code],
    message: draft.message,
    span: draft.span,
    rule,
    fixes: draft.fixes ?? NO_FIXES,
    ...(draft.repeat ? { repeat: true as const } : {}),
  };
}

export function fileIssueDiagnostic(issue: FileIssue): QueryDiagnostic {
  return finish({ code: issue.code, message: issue.message, span: issue.span }, issue.rule);
}

function queryDrafts(query: QueryNode | null, into: Draft[]): void {
  const keys = new OperandKeys();
  walk(query, (node) => {
    if (node.kind === 'field') for (const draft of checkFieldClause(node)) into.push(draft);
    for (const draft of checkTermLike(node)) into.push(draft);
    checkStructure(node, keys, into);
  });
}

/** Every diagnostic of the rule's query, in no particular order, none left out. */
export function ruleDiagnostics(rule: Rule): QueryDiagnostic[] {
  const drafts: Draft[] = rule.parsed.issues.map((issue) => ({
    code: 'syntax',
    message: issue.message,
    span: issue.span,
  }));
  queryDrafts(rule.parsed.query, drafts);
  for (const draft of checkLimits(rule)) drafts.push(draft);
  return drafts.map((draft) => finish(draft, rule.id));
}
