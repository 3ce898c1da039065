// Operand counting (spec §3): every term, phrase, wildcard, fuzzy term, exact string and field
// clause counts one; operators, prefixes, parentheses and comments count nothing; a proximity
// group counts its members. Error nodes (missing operands) count nothing either.
import type { QueryNode } from './ast';

export type OperandNode = Extract<QueryNode, { kind: 'term' | 'phrase' | 'field' }>;

/** The operands of a query in source order. */
export function operandsOf(node: QueryNode | null): OperandNode[] {
  const operands: OperandNode[] = [];
  const visit = (current: QueryNode): void => {
    switch (current.kind) {
      case 'term':
      case 'phrase':
      case 'field':
        operands.push(current);
        return;
      case 'group':
        if (current.expression) visit(current.expression);
        return;
      case 'not':
        visit(current.operand);
        return;
      case 'and':
      case 'or':
        current.operands.forEach(visit);
        return;
      case 'proximity':
        visit(current.left);
        visit(current.right);
        return;
      case 'error':
        return;
    }
  };
  if (node) visit(node);
  return operands;
}

export function countOperands(node: QueryNode | null): number {
  return operandsOf(node).length;
}
