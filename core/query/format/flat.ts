// A query on one line in canonical spacing, with no comments: the text a split rule sends to the
// service, and what messages quote. It is what the formatter's layout (queryDoc.ts) prints with no
// width limit and no comments, written as a loop over an explicit stack, so that it needs no stack
// of its own for any tree and can stop after `limit` characters: a message quotes the first 120
// characters of an operand however long the operand is, in time proportional to what it quotes.
import type { QueryNode } from '../ast';
import { leafText, proximityImage } from './units';

/** Either text to write or a node to print, on the printer's stack. */
type Item = string | QueryNode;

function isBlank(code: number): boolean {
  return code === 32 /* space */ || code === 9; /* tab */
}

/**
 * `query` printed flat. With a `limit`, a text longer than it may be cut short: the result is then
 * longer than `limit` and its first `limit` characters are those of the whole text. Trailing blanks
 * are never part of it (the formatter trims line ends).
 */
export function printFlat(query: QueryNode, limit = Infinity): string {
  let text = '';
  /** The length of `text` without its trailing blanks. */
  let solid = 0;
  const stack: Item[] = [query];
  for (let item = stack.pop(); item !== undefined && solid <= limit; item = stack.pop()) {
    if (typeof item === 'string') {
      text += item;
      for (let index = item.length - 1; index >= 0; index--) {
        if (!isBlank(item.charCodeAt(index))) {
          solid = text.length - (item.length - 1 - index);
          break;
        }
      }
      continue;
    }
    // Pushed in reverse: the top of the stack prints first.
    switch (item.kind) {
      case 'term':
      case 'phrase':
      case 'field':
        stack.push(leafText(item));
        break;
      case 'group':
        if (item.closed) stack.push(')');
        if (item.expression) stack.push(item.expression);
        stack.push('(');
        break;
      case 'not':
        stack.push(item.operand, item.style === 'minus' ? '-' : 'NOT ');
        break;
      case 'and':
      case 'or':
        for (let index = item.operands.length - 1; index > 0; index--) {
          stack.push(item.operands[index] as QueryNode);
          const operator =
            item.kind === 'or' || item.operators[index - 1]
              ? ` ${item.kind === 'or' ? 'OR' : 'AND'} `
              : ' ';
          stack.push(operator);
        }
        if (item.operands[0]) stack.push(item.operands[0]);
        break;
      case 'proximity':
        stack.push(item.right, ` ${proximityImage(item, null)} `, item.left);
        break;
      case 'error':
        break;
    }
  }
  return text.slice(0, solid);
}
