// Keys under which two operands of one list are the same operand (`duplicate-operand`): equal
// keys exactly when the operands print the same (printFlat, white space runs as one blank),
// compared without case unless the operand holds a `++` exact string or an `authorshort:` handle.
//
// Printing every operand of every list to compare them costs the size of each operand once per
// list around it; instead each node gets a small number for its structure, built from its
// children's numbers (hash-consing): the printed text is determined by a node's kind, its
// operators and its leaves' text, so equal numbers mean equal prints. A node's number is computed
// once, in time proportional to its own children, so all the keys of a rule cost its size.
import type { QueryNode } from '../ast';
import { leafText, proximityImage } from '../format/units';

interface NodeKey {
  /** The structure with leaves as written. */
  readonly exact: number;
  /** The structure with leaves in lower case. */
  readonly folded: number;
  /** Whether a leaf holds `++` or `authorshort:`: the operand then compares with its case. */
  readonly caseSensitive: boolean;
}

const CASE_SENSITIVE = /\+\+|authorshort:/;

export class OperandKeys {
  private readonly numbers = new Map<string, number>();
  private readonly keys = new Map<QueryNode, NodeKey>();

  /** The comparison key of an operand. */
  keyOf(node: QueryNode): string {
    const key = this.nodeKey(node);
    return key.caseSensitive ? `s${key.exact}` : `f${key.folded}`;
  }

  private number(shape: string): number {
    let number = this.numbers.get(shape);
    if (number === undefined) {
      number = this.numbers.size;
      this.numbers.set(shape, number);
    }
    return number;
  }

  private combine(tag: string, parts: readonly QueryNode[]): NodeKey {
    const children = parts.map((part) => this.nodeKey(part));
    return {
      exact: this.number(`${tag}|${children.map((child) => child.exact).join(',')}`),
      folded: this.number(`${tag}|${children.map((child) => child.folded).join(',')}`),
      caseSensitive: children.some((child) => child.caseSensitive),
    };
  }

  /** Recursion follows the tree's height, which the parser bounds (NESTING_LIMIT). */
  private nodeKey(node: QueryNode): NodeKey {
    const known = this.keys.get(node);
    if (known) return known;
    let key: NodeKey;
    switch (node.kind) {
      case 'term':
      case 'phrase':
      case 'field': {
        const text = leafText(node).replace(/\s+/g, ' ');
        key = {
          exact: this.number(`'${text}`),
          folded: this.number(`'${text.toLowerCase()}`),
          caseSensitive: CASE_SENSITIVE.test(text),
        };
        break;
      }
      case 'group':
        key = this.combine(`(${node.closed ? ')' : ''}`, node.expression ? [node.expression] : []);
        break;
      case 'not':
        key = this.combine(node.style === 'minus' ? '-' : 'NOT', [node.operand]);
        break;
      case 'and':
        // Implicit and written AND print differently.
        key = this.combine(
          `and${node.operators.map((operator) => (operator ? 'A' : '_')).join('')}`,
          node.operands,
        );
        break;
      case 'or':
        key = this.combine('or', node.operands);
        break;
      case 'proximity':
        key = this.combine(proximityImage(node, null), [node.left, node.right]);
        break;
      case 'error':
        key = { exact: this.number('!'), folded: this.number('!'), caseSensitive: false };
        break;
    }
    this.keys.set(node, key);
    return key;
  }
}
