// Operand counting (spec §3): every term, phrase, wildcard, fuzzy term, exact string and field
// clause counts one; operators, prefixes, parentheses and comments count nothing; a proximity
// group counts its members. Error nodes (missing operands) count nothing either.
import type { QueryNode } from './ast';
import { children } from './walk';

export type OperandNode = Extract<QueryNode, { kind: 'term' | 'phrase' | 'field' }>;

/** The operands of a query in source order. Iterative: a list may hold any number of them. */
export function operandsOf(node: QueryNode | null): OperandNode[] {
  const operands: OperandNode[] = [];
  const stack: QueryNode[] = node ? [node] : [];
  for (let current = stack.pop(); current; current = stack.pop()) {
    if (current.kind === 'term' || current.kind === 'phrase' || current.kind === 'field') {
      operands.push(current);
      continue;
    }
    const next = children(current);
    for (let index = next.length - 1; index >= 0; index--) stack.push(next[index] as QueryNode);
  }
  return operands;
}

/** How many operands `node` holds; iterative, like operandsOf, and without building the list. */
export function countOperands(node: QueryNode | null): number {
  let count = 0;
  const stack: QueryNode[] = node ? [node] : [];
  for (let current = stack.pop(); current; current = stack.pop()) {
    if (current.kind === 'term' || current.kind === 'phrase' || current.kind === 'field') count++;
    else for (const child of children(current)) stack.push(child);
  }
  return count;
}
