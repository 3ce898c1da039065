// What may stand on either side of a proximity operator (spec §2): terms, phrases, wildcards, or
// parenthesised groups of those combined with OR only. Anything else has no position in the text
// to measure a distance from, so it is a syntax error.
import type { ProximityNode, QueryNode, SyntaxIssue } from './ast';

function isProximityLeaf(node: QueryNode): boolean {
  return node.kind === 'term' || node.kind === 'phrase';
}

function problemIn(node: QueryNode, insideGroup: boolean): QueryNode | null {
  if (node.kind === 'error' || isProximityLeaf(node)) return null;
  if (node.kind === 'group') {
    if (insideGroup) return node.expression ? problemIn(node.expression, true) : null;
    return node.expression ? problemIn(node.expression, true) : null;
  }
  if (node.kind === 'or' && insideGroup) {
    for (const operand of node.operands) {
      const problem = problemIn(operand, true);
      if (problem) return problem;
    }
    return null;
  }
  return node;
}

function describe(node: QueryNode): string {
  switch (node.kind) {
    case 'field':
      return 'a field clause';
    case 'not':
      return 'a negation';
    case 'and':
      return 'an AND';
    case 'or':
      return 'an OR outside parentheses';
    case 'proximity':
      return 'another proximity operator';
    default:
      return 'this';
  }
}

export function validateProximityOperands(node: ProximityNode): SyntaxIssue[] {
  const issues: SyntaxIssue[] = [];
  for (const side of [node.left, node.right]) {
    const problem = problemIn(side, false);
    if (problem) {
      issues.push({
        message: `${node.operator} takes words, phrases, wildcards or an OR-group of them, not ${describe(problem)}`,
        span: problem.span,
      });
    }
  }
  return issues;
}
