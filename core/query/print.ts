// Prints a query tree back as query text in canonical one-line form: one space around binary
// operators, none inside parentheses, implicit AND kept implicit, every leaf exactly as written.
// Used by the formatter, the splitter, and messages that show how a query is read.
import type { ProximityNode, QueryNode } from './ast';

export function proximityText(
  node: Pick<ProximityNode, 'operator' | 'distance' | 'distanceWritten'>,
): string {
  return node.distanceWritten ? `${node.operator}/${node.distance}` : node.operator;
}

export function printQuery(node: QueryNode | null): string {
  if (!node) return '';
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return node.raw;
    case 'field':
      return `${node.name}:${node.value?.raw ?? ''}`;
    case 'group':
      return `(${printQuery(node.expression)}${node.closed ? ')' : ''}`;
    case 'not':
      return node.style === 'minus'
        ? `-${printQuery(node.operand)}`
        : `NOT ${printQuery(node.operand)}`;
    case 'and':
      return node.operands
        .map(
          (operand, index) =>
            (index === 0 ? '' : node.operators[index - 1] ? ' AND ' : ' ') + printQuery(operand),
        )
        .join('');
    case 'or':
      return node.operands.map(printQuery).join(' OR ');
    case 'proximity':
      return `${printQuery(node.left)} ${proximityText(node)} ${printQuery(node.right)}`;
    case 'error':
      return '';
  }
}
