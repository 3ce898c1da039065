// Checks of how operands are combined: AND and OR mixed at one level without parentheses, and
// the same operand twice in one list.
import type { AndNode, OrNode, QueryNode } from '../ast';
import { printFlat } from '../format/flat';
import type { Draft } from './draft';

/**
 * OR binds loosest, so `a AND b OR c` is read `(a AND b) OR c`. Users who meant `a AND (b OR c)`
 * get different results silently; the fix makes the reading explicit.
 */
function mixedAndOr(node: OrNode): Draft[] {
  const ands = node.operands.filter((operand): operand is AndNode => operand.kind === 'and');
  if (ands.length === 0) return [];
  const reading = node.operands
    .map((operand) => (operand.kind === 'and' ? `(${printFlat(operand)})` : printFlat(operand)))
    .join(' OR ');
  return ands.map((and) => ({
    code: 'mixed-and-or' as const,
    message: `AND and OR at the same level: this is read as \`${shorten(reading)}\`; add parentheses to say what you mean`,
    span: and.span,
    fixes: [
      {
        title: 'Add parentheses as it is read',
        edits: ands.flatMap((each) => [
          { span: { start: each.span.start, end: each.span.start }, newText: '(' },
          { span: { start: each.span.end, end: each.span.end }, newText: ')' },
        ]),
        preferred: true,
      },
    ],
  }));
}

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Operands that match the same documents compare equal: case-insensitive unless `++`. */
function operandKey(node: QueryNode): string {
  const printed = printFlat(node).replace(/\s+/g, ' ');
  const caseSensitive = /\+\+|authorshort:/.test(printed);
  return caseSensitive ? printed : printed.toLowerCase();
}

function duplicates(node: AndNode | OrNode): Draft[] {
  const seen = new Set<string>();
  const drafts: Draft[] = [];
  node.operands.forEach((operand, index) => {
    if (operand.kind === 'error') return;
    const key = operandKey(operand);
    const previous = node.operands[index - 1];
    if (seen.has(key) && previous) {
      const written = printFlat(operand);
      drafts.push({
        code: 'duplicate-operand',
        message: `\`${shorten(written)}\` is already in this ${node.kind === 'or' ? 'OR' : 'AND'} list`,
        span: operand.span,
        fixes: [
          {
            title: `Remove duplicate \`${shorten(written)}\``,
            // Removing from the end of the previous operand also removes the joining operator.
            edits: [{ span: { start: previous.span.end, end: operand.span.end }, newText: '' }],
            preferred: true,
          },
        ],
      });
    }
    seen.add(key);
  });
  return drafts;
}

export function checkStructure(node: QueryNode): Draft[] {
  if (node.kind === 'or') return [...mixedAndOr(node), ...duplicates(node)];
  if (node.kind === 'and') return duplicates(node);
  return [];
}
