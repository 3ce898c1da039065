// The printable units of a query: every piece of text the formatter emits, in document order
// (leaves, parentheses, operators, prefixes). Comments are attached to units, and the safety check
// of the formatter compares the units with the source, so both must agree on what a unit is.
import type { FieldNode, PhraseNode, ProximityNode, QueryNode, Span, TermNode } from '../ast';

export interface Unit {
  /** Where the unit starts in the document; units never share a start. */
  readonly start: number;
  readonly text: string;
}

/**
 * A phrase may run over several lines. The service receives each line trimmed and the lines
 * joined with one blank (spec §1), so that is how the phrase is printed: the same query text.
 */
export function joinLines(raw: string): string {
  if (!/[\r\n]/.test(raw)) return raw;
  return raw
    .split(/\r\n|\r|\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

export function leafText(node: TermNode | PhraseNode | FieldNode): string {
  if (node.kind === 'field') return joinLines(`${node.name}:${node.value?.raw ?? ''}`);
  return joinLines(node.raw);
}

/** `NEAR/3`, `NEAR`, `SENTENCE`…: rebuilt from the tree when no source text is at hand. */
export function proximityImage(node: ProximityNode, source: string | null): string {
  if (source !== null) return source.slice(node.operatorSpan.start, node.operatorSpan.end);
  return node.distanceWritten ? `${node.operator}/${node.distance}` : node.operator;
}

function at(span: Span, text: string): Unit {
  return { start: span.start, text };
}

/** Every unit of `node`, in document order. */
export function unitsOf(node: QueryNode, source: string | null): Unit[] {
  const units: Unit[] = [];
  const visit = (current: QueryNode): void => {
    switch (current.kind) {
      case 'term':
      case 'phrase':
      case 'field':
        units.push(at(current.span, leafText(current)));
        return;
      case 'group':
        units.push({ start: current.span.start, text: '(' });
        if (current.expression) visit(current.expression);
        if (current.closed) units.push({ start: current.span.end - 1, text: ')' });
        return;
      case 'not':
        units.push(at(current.operatorSpan, current.style === 'minus' ? '-' : 'NOT'));
        visit(current.operand);
        return;
      case 'and':
      case 'or':
        current.operands.forEach((operand, index) => {
          const operator = index === 0 ? null : current.operators[index - 1];
          if (operator) units.push(at(operator, current.kind === 'and' ? 'AND' : 'OR'));
          visit(operand);
        });
        return;
      case 'proximity':
        visit(current.left);
        units.push(at(current.operatorSpan, proximityImage(current, source)));
        visit(current.right);
        return;
      case 'error':
        return;
    }
  };
  visit(node);
  return units;
}

/** Where the last unit of `node` starts: what an end-of-line comment after `node` belongs to. */
export function lastUnitStart(node: QueryNode): number {
  // A loop down the last child: a chain of prefixes or groups is as long as the query allows.
  for (let current = node; ;) {
    switch (current.kind) {
      case 'group':
        if (current.closed) return current.span.end - 1;
        if (!current.expression) return current.span.start;
        current = current.expression;
        break;
      case 'not':
        current = current.operand;
        break;
      case 'and':
      case 'or': {
        const last = current.operands[current.operands.length - 1];
        if (!last) return current.span.start;
        current = last;
        break;
      }
      case 'proximity':
        current = current.right;
        break;
      default:
        return current.span.start;
    }
  }
}
