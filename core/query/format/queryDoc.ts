// The layout of one query, as a doc for doc.ts. It only re-spaces the units of the parsed tree:
// no unit is added, removed or changed (implicit AND stays implicit, a lower-case `and` stays the
// search word it is), so the formatted query parses to the same tree and matches the same
// documents. Where the query may break:
// - an AND or OR list breaks before each operator, one operand per line, operator first;
// - a group breaks after `(` and before `)`, its content indented one level, and a list that is
//   the whole content of a group breaks together with it (one operand per line inside);
// - a list nested in another list without parentheses (`a OR b c`) indents its continuation;
// - prefixes never leave their operand, and a proximity never breaks by itself (its groups do).
// A comment forces the breaks it needs: an end-of-line comment ends its line, a whole-line
// comment gets lines of its own.
import type { AndNode, OrNode, QueryNode, Span } from '../ast';
import type { Attachments, CommentLine } from './comments';
import {
  breakParent,
  comment,
  concat,
  group,
  hardline,
  indent,
  line,
  softline,
  type Doc,
} from './doc';
import { lastUnitStart, leafText, proximityImage } from './units';

class QueryLayout {
  constructor(
    private readonly comments: Attachments,
    private readonly source: string | null,
    /** The start of the query's first unit, and its last: they print their comments differently. */
    private readonly firstStart: number,
    private readonly lastStart: number,
  ) {}

  /**
   * The whole-line comments above the unit at `start`, taken out of the attachments so that they
   * print once, before the groups that start there (a comment above `(a OR b)` does not break it).
   */
  private leading(start: number): Doc[] {
    const lines = this.comments.leading.get(start);
    if (!lines || lines.length === 0) return [];
    this.comments.leading.delete(start);
    const isFirst = start === this.firstStart;
    const parts: Doc[] = [];
    lines.forEach((line, index) => {
      // A blank line right after the header is dropped; others are kept, as one.
      if (line.blankBefore && !(isFirst && index === 0)) parts.push(hardline);
      parts.push(comment(line.text), hardline);
    });
    if (isFirst && this.comments.blankBeforeFirst) parts.push(hardline);
    return parts;
  }

  /** A unit with the comments that belong to it. */
  private unit(start: number, text: string): Doc {
    const parts: Doc[] = [...this.leading(start), text];
    const trailing = this.comments.trailing.get(start);
    if (trailing !== undefined) {
      parts.push(comment(` ${trailing}`));
      // Whatever follows must start a new line; after the last unit nothing follows.
      if (start !== this.lastStart) parts.push(breakParent);
    }
    return parts.length === 1 ? text : concat(parts);
  }

  /** The blank between two units that must share a line, unless a comment needs a new line. */
  private gap(before: number, after: number): Doc {
    const needsLine =
      this.comments.trailing.has(before) || (this.comments.leading.get(after)?.length ?? 0) > 0;
    return needsLine ? hardline : ' ';
  }

  /**
   * Moves the comments above an operand to above the operator before it, so the line reads
   * `OR b`; not when the operator has an end-of-line comment, which must stay before them.
   */
  private hoist(operator: number, operand: number): void {
    if (this.comments.trailing.has(operator)) return;
    const moved = this.comments.leading.get(operand);
    if (!moved || moved.length === 0) return;
    const target = this.comments.leading.get(operator) ?? [];
    this.comments.leading.set(operator, [...target, ...moved]);
    this.comments.leading.delete(operand);
  }

  /** A list's operands and separators, without a group of its own. */
  private list(node: AndNode | OrNode): Doc {
    const parts: Doc[] = [];
    node.operands.forEach((operand, index) => {
      const operator: Span | null | undefined = index === 0 ? null : node.operators[index - 1];
      if (index > 0) parts.push(line);
      if (operator) {
        this.hoist(operator.start, operand.span.start);
        parts.push(
          this.unit(operator.start, node.kind === 'and' ? 'AND' : 'OR'),
          this.gap(operator.start, operand.span.start),
        );
      }
      parts.push(this.node(operand, true));
    });
    return concat(parts);
  }

  private group(node: Extract<QueryNode, { kind: 'group' }>): Doc {
    const inner = node.expression;
    const content =
      inner === null
        ? ''
        : inner.kind === 'and' || inner.kind === 'or'
          ? this.list(inner)
          : this.node(inner, false);
    const close = node.span.end - 1;
    // Comments above `)` close the group's content, so they are indented with it.
    const closing = node.closed ? (this.comments.leading.get(close) ?? []) : [];
    this.comments.leading.delete(close);
    const last = closing.flatMap((line) => [
      hardline,
      ...(line.blankBefore ? [hardline] : []),
      comment(line.text),
    ]);
    const parts: Doc[] = [
      this.unit(node.span.start, '('),
      indent(concat([softline, content, ...last])),
    ];
    if (node.closed) parts.push(softline, this.unit(close, ')'));
    return group(concat(parts));
  }

  /** `inList`: the node is an operand of a list, so a nested list indents its continuation. */
  node(node: QueryNode, inList: boolean): Doc {
    const leading = this.leading(node.span.start);
    const body = this.layout(node, inList);
    return leading.length === 0 ? body : concat([...leading, body]);
  }

  private layout(node: QueryNode, inList: boolean): Doc {
    switch (node.kind) {
      case 'term':
      case 'phrase':
      case 'field':
        return this.unit(node.span.start, leafText(node));
      case 'group':
        return this.group(node);
      case 'not':
        if (node.style === 'minus')
          return concat([this.unit(node.operatorSpan.start, '-'), this.node(node.operand, false)]);
        return concat([
          this.unit(node.operatorSpan.start, 'NOT'),
          this.gap(node.operatorSpan.start, node.operand.span.start),
          this.node(node.operand, false),
        ]);
      case 'and':
      case 'or': {
        const list = group(this.list(node));
        return inList ? indent(list) : list;
      }
      case 'proximity':
        return concat([
          this.node(node.left, false),
          this.gap(lastUnitStart(node.left), node.operatorSpan.start),
          this.unit(node.operatorSpan.start, proximityImage(node, this.source)),
          this.gap(node.operatorSpan.start, node.right.span.start),
          this.node(node.right, false),
        ]);
      case 'error':
        return '';
    }
  }
}

/** Comment lines printed after the query, each on its own line. */
function afterDoc(lines: readonly CommentLine[]): Doc {
  return concat(
    lines.flatMap((line) => [
      hardline,
      ...(line.blankBefore ? [hardline] : []),
      comment(line.text),
    ]),
  );
}

/**
 * The doc of a rule's query with its comments. `comments` is consumed (hoisting moves entries).
 * `source` is the document, for operators exactly as written; null for a tree built by hand.
 */
export function queryDoc(query: QueryNode, comments: Attachments, source: string | null): Doc {
  const layout = new QueryLayout(comments, source, query.span.start, lastUnitStart(query));
  return concat([layout.node(query, false), afterDoc(comments.after)]);
}
