// Visits every node of a query tree, parents before children, telling each visit whether the node
// is a field value (so checks of bare terms can skip `lang:en`'s `en`).
import type { QueryNode } from './ast';

export function children(node: QueryNode): readonly QueryNode[] {
  switch (node.kind) {
    case 'group':
      return node.expression ? [node.expression] : [];
    case 'not':
      return [node.operand];
    case 'and':
    case 'or':
      return node.operands;
    case 'proximity':
      return [node.left, node.right];
    default:
      return [];
  }
}

export function walk(node: QueryNode | null, visit: (node: QueryNode) => void): void {
  if (!node) return;
  const stack: QueryNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as QueryNode;
    visit(current);
    const next = children(current);
    for (let index = next.length - 1; index >= 0; index--) stack.push(next[index] as QueryNode);
  }
}
