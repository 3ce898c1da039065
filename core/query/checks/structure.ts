// Checks of how operands are combined: AND and OR mixed at one level without parentheses, and
// the same operand twice in one list.
//
// Both can fire at every operand of a long list, so each diagnostic costs a constant: messages
// quote at most 120 characters (printed only that far), the fixes are computed when asked for,
// and operands are compared by structural keys rather than by printing them.
import type { AndNode, OrNode, QueryNode } from '../ast';
import type { QuickFix, TextEdit } from '../diagnostic';
import { printFlat } from '../format/flat';
import type { Draft } from './draft';
import type { OperandKeys } from './operandKeys';

const QUOTED = 120;

function shorten(text: string): string {
  return text.length > QUOTED ? `${text.slice(0, QUOTED - 3)}...` : text;
}

/** `node` printed flat, cut as `shorten` cuts it, printing no more than that. */
function quoted(node: QueryNode): string {
  return shorten(printFlat(node, QUOTED));
}

/** How an OR with ANDs in it is read, `(a b) OR c`, printed only as far as a message quotes it. */
function reading(node: OrNode): string {
  let text = '';
  for (const [index, operand] of node.operands.entries()) {
    if (index > 0) text += ' OR ';
    const printed = printFlat(operand, Math.max(0, QUOTED - text.length));
    text += operand.kind === 'and' ? `(${printed})` : printed;
    if (text.length > QUOTED) break;
  }
  return shorten(text);
}

/**
 * OR binds loosest, so `a AND b OR c` is read `(a AND b) OR c`. Users who meant `a AND (b OR c)`
 * get different results silently; the fix makes the reading explicit. One message and one fix
 * serve every AND of the list: the fix parenthesises them all, and is built only when asked for.
 */
function mixedAndOr(node: OrNode, into: Draft[]): void {
  const ands = node.operands.filter((operand): operand is AndNode => operand.kind === 'and');
  if (ands.length === 0) return;
  const message = `AND and OR at the same level: this is read as \`${reading(node)}\`; add parentheses to say what you mean`;
  const fixes = (): QuickFix[] => [
    {
      title: 'Add parentheses as it is read',
      edits: ands.flatMap((each): TextEdit[] => [
        { span: { start: each.span.start, end: each.span.start }, newText: '(' },
        { span: { start: each.span.end, end: each.span.end }, newText: ')' },
      ]),
      preferred: true,
    },
  ];
  for (const and of ands) into.push({ code: 'mixed-and-or', message, span: and.span, fixes });
}

function duplicates(node: AndNode | OrNode, keys: OperandKeys, into: Draft[]): void {
  const seen = new Set<string>();
  node.operands.forEach((operand, index) => {
    if (operand.kind === 'error') return;
    const key = keys.keyOf(operand);
    const previous = node.operands[index - 1];
    if (seen.has(key) && previous) {
      const written = quoted(operand);
      into.push({
        code: 'duplicate-operand',
        message: `\`${written}\` is already in this ${node.kind === 'or' ? 'OR' : 'AND'} list`,
        span: operand.span,
        fixes: () => [
          {
            title: `Remove duplicate \`${written}\``,
            // Removing from the end of the previous operand also removes the joining operator.
            edits: [{ span: { start: previous.span.end, end: operand.span.end }, newText: '' }],
            preferred: true,
          },
        ],
      });
    }
    seen.add(key);
  });
}

/** Adds the structure diagnostics of one node to `into`. */
export function checkStructure(node: QueryNode, keys: OperandKeys, into: Draft[]): void {
  if (node.kind === 'or') {
    mixedAndOr(node, into);
    duplicates(node, keys, into);
  } else if (node.kind === 'and') {
    duplicates(node, keys, into);
  }
}
