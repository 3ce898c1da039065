// Moves what a segment holds by `delta` characters: an edit before a rule moves the rule without
// changing it, and its analysis is reused with its offsets moved rather than made again. A moved
// rule's tree is copied only when someone reads it (`parsed` is a getter), so an edit near the top
// of a large file costs the edited rule, not a copy of every rule below it.
import type {
  Annotation,
  Comment,
  FieldValue,
  FileIssue,
  ParsedQuery,
  QueryNode,
  QueryToken,
  Rule,
  Span,
} from './ast';
import type { QueryDiagnostic, QuickFix } from './diagnostic';
import { movedParse } from './parser';

export function shiftSpan(span: Span, delta: number): Span {
  return { start: span.start + delta, end: span.end + delta };
}

function shiftValue(value: FieldValue, delta: number): FieldValue {
  return { ...value, span: shiftSpan(value.span, delta) };
}

/** A copy of `node` with every span moved. Recursion follows the tree's bounded height. */
export function shiftNode(node: QueryNode, delta: number): QueryNode {
  const span = shiftSpan(node.span, delta);
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'error':
      return { ...node, span };
    case 'field':
      return {
        ...node,
        span,
        nameSpan: shiftSpan(node.nameSpan, delta),
        value: node.value ? shiftValue(node.value, delta) : null,
      };
    case 'group':
      return {
        ...node,
        span,
        expression: node.expression ? shiftNode(node.expression, delta) : null,
      };
    case 'not':
      return {
        ...node,
        span,
        operatorSpan: shiftSpan(node.operatorSpan, delta),
        operand: shiftNode(node.operand, delta),
      };
    case 'and':
      return {
        ...node,
        span,
        operands: node.operands.map((operand) => shiftNode(operand, delta)),
        operators: node.operators.map((operator) => operator && shiftSpan(operator, delta)),
      };
    case 'or':
      return {
        ...node,
        span,
        operands: node.operands.map((operand) => shiftNode(operand, delta)),
        operators: node.operators.map((operator) => shiftSpan(operator, delta)),
      };
    case 'proximity':
      return {
        ...node,
        span,
        operatorSpan: shiftSpan(node.operatorSpan, delta),
        left: shiftNode(node.left, delta),
        right: shiftNode(node.right, delta),
      };
  }
}

function shiftToken(token: QueryToken, delta: number): QueryToken {
  return { ...token, span: shiftSpan(token.span, delta) };
}

/** A parse moved: a kept parse (parser.ts) moves itself; others are copied when first read. */
function shiftParsed(parsed: ParsedQuery, delta: number): ParsedQuery {
  const moved = movedParse(parsed, delta);
  if (moved) return moved;
  let query: QueryNode | null | undefined;
  let issues: ParsedQuery['issues'] | undefined;
  let tokens: ParsedQuery['tokens'] | undefined;
  return {
    get query() {
      return (query ??= parsed.query && shiftNode(parsed.query, delta));
    },
    get issues() {
      return (issues ??= parsed.issues.map((issue) => ({
        ...issue,
        span: shiftSpan(issue.span, delta),
      })));
    },
    get tokens() {
      return (tokens ??= parsed.tokens.map((token) => shiftToken(token, delta)));
    },
  };
}

/** The rule a moved rule was moved from: one key for caches of what does not depend on place. */
const origins = new WeakMap<Rule, Rule>();

export function originOf(rule: Rule): Rule {
  return origins.get(rule) ?? rule;
}

/**
 * A rule's tokens without copying them: those of the rule as analysed, and how far the rule has
 * moved since. Whole-file features (semantic tokens) read every rule after every edit.
 */
export function tokensOf(rule: Rule): { tokens: readonly QueryToken[]; delta: number } {
  const origin = originOf(rule);
  return { tokens: origin.parsed.tokens, delta: rule.bodySpan.start - origin.bodySpan.start };
}

/**
 * A rule as plain data, for JSON.stringify of a rule held in a class (a kept rule, a moved one):
 * what it holds, not how it holds it, so two rules that read the same serialise the same.
 */
export function ruleJson(rule: Rule): object {
  const { id, headerSpan, idSpan, bodySpan, queryText, parsed } = rule;
  return { id, headerSpan, idSpan, bodySpan, queryText, parsed };
}

/** A rule moved: a class, so that its getters are its prototype's (segment.ts says why). */
class MovedRule implements Rule {
  readonly headerSpan: Span | null;
  readonly idSpan: Span | null;
  readonly bodySpan: Span;
  private movedParse: ParsedQuery | undefined;

  constructor(
    private readonly rule: Rule,
    private readonly delta: number,
  ) {
    this.headerSpan = rule.headerSpan && shiftSpan(rule.headerSpan, delta);
    this.idSpan = rule.idSpan && shiftSpan(rule.idSpan, delta);
    this.bodySpan = shiftSpan(rule.bodySpan, delta);
  }

  get id(): string {
    return this.rule.id;
  }

  // Read through: a rule's query text is made when read (segment.ts), not kept.
  get queryText(): string {
    return this.rule.queryText;
  }

  get parsed(): ParsedQuery {
    return (this.movedParse ??= shiftParsed(this.rule.parsed, this.delta));
  }

  toJSON(): object {
    return ruleJson(this);
  }
}

export function shiftRule(rule: Rule, delta: number): Rule {
  if (delta === 0) return rule;
  const moved = new MovedRule(rule, delta);
  origins.set(moved, originOf(rule));
  return moved;
}

export function shiftComment(comment: Comment, delta: number): Comment {
  return delta === 0 ? comment : { span: shiftSpan(comment.span, delta) };
}

export function shiftAnnotation(annotation: Annotation, delta: number): Annotation {
  if (delta === 0) return annotation;
  return {
    ...annotation,
    span: shiftSpan(annotation.span, delta),
    nameSpan: shiftSpan(annotation.nameSpan, delta),
    valueSpan: shiftSpan(annotation.valueSpan, delta),
  };
}

export function shiftIssue(issue: FileIssue, delta: number): FileIssue {
  return delta === 0 ? issue : { ...issue, span: shiftSpan(issue.span, delta) };
}

function shiftFix(fix: QuickFix, delta: number): QuickFix {
  return {
    ...fix,
    edits: fix.edits.map((edit) => ({ ...edit, span: shiftSpan(edit.span, delta) })),
  };
}

export function shiftDiagnostic(diagnostic: QueryDiagnostic, delta: number): QueryDiagnostic {
  if (delta === 0) return diagnostic;
  const fixes = diagnostic.fixes;
  return {
    ...diagnostic,
    span: shiftSpan(diagnostic.span, delta),
    fixes: () => fixes().map((fix) => shiftFix(fix, delta)),
  };
}
