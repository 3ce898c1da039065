// The Chevrotain parser of one query, building the syntax tree of ast.ts directly (embedded
// actions). Precedence, tightest first: prefixes and field clauses, proximity, NOT, AND
// (explicit or implicit), OR.
//
// Error recovery is explicit rather than Chevrotain's generic re-sync: every loop is gated on
// the next token, and where an operand is missing the parser records an issue, puts an error
// node in its place and goes on, so one rule can report several problems and the rest of the
// tree stays usable for completion, hover and formatting. parseQuery never throws.
import { EmbeddedActionsParser, type IToken, type TokenType } from 'chevrotain';
import type {
  AndNode,
  FieldNode,
  ParsedQuery,
  PhraseNode,
  QueryNode,
  QueryToken,
  Span,
  SyntaxIssue,
  TermNode,
} from './ast';
import * as T from './lexer';
import { GatedLookahead } from './gatedLookahead';
import { buildFieldClause, buildPhrase, buildTerm, proximityOf } from './nodes';
import { validateProximityOperands } from './proximityRules';

const OPERAND_START = new Set<TokenType>([
  T.Term,
  T.Phrase,
  T.UnterminatedPhrase,
  T.FieldClause,
  T.LParen,
  T.Minus,
  T.Plus,
  T.PlusPlus,
  T.Not,
]);

const OPERATOR_NAMES = new Map<TokenType, string>([
  [T.And, 'AND'],
  [T.Or, 'OR'],
  [T.Proximity, 'a proximity operator'],
  [T.RParen, '`)`'],
]);

function spanOf(token: IToken): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

function cover(first: Span, last: Span): Span {
  return { start: first.start, end: last.end };
}

function errorNodeAt(offset: number): QueryNode {
  return { kind: 'error', span: { start: offset, end: offset } };
}

class QueryParser extends EmbeddedActionsParser {
  issues: SyntaxIssue[] = [];
  /** Where the input ends, for errors at the end of the query. */
  endOffset = 0;

  constructor() {
    super(T.ALL_TOKENS, { lookaheadStrategy: new GatedLookahead(), skipValidations: true });
    this.performSelfAnalysis();
  }

  private report(message: string, span: Span): void {
    this.issues.push({ message, span });
  }

  private startsOperand(): boolean {
    return OPERAND_START.has(this.LA(1).tokenType);
  }

  private nextOffset(): number {
    return this.isEnd() ? this.endOffset : this.LA(1).startOffset;
  }

  private isEnd(): boolean {
    // Chevrotain's end-of-input token has an empty image and NaN offsets.
    return Number.isNaN(this.LA(1).startOffset);
  }

  /** The whole query: OR expressions, with stray `)` reported and skipped. */
  public query = this.RULE('query', (): QueryNode | null => {
    const pieces: QueryNode[] = [];
    this.MANY({
      GATE: () => !this.isEnd(),
      DEF: () => {
        this.OR([
          {
            GATE: () => this.LA(1).tokenType === T.RParen,
            ALT: () => {
              const paren = this.CONSUME(T.RParen);
              this.ACTION(() =>
                this.report('unbalanced `)`: no `(` opens it; remove it', spanOf(paren)),
              );
            },
          },
          {
            ALT: () => {
              const node = this.SUBRULE(this.orExpression);
              this.ACTION(() => pieces.push(node));
            },
          },
        ]);
      },
    });
    return this.ACTION(() => joinPieces(pieces));
  });

  private orExpression = this.RULE('orExpression', (): QueryNode => {
    const operands: QueryNode[] = [this.SUBRULE(this.andExpression)];
    const operators: Span[] = [];
    this.MANY({
      GATE: () => this.LA(1).tokenType === T.Or,
      DEF: () => {
        const or = this.CONSUME(T.Or);
        const right = this.SUBRULE2(this.andExpression, { ARGS: [or] });
        this.ACTION(() => {
          operators.push(spanOf(or));
          operands.push(right);
        });
      },
    });
    return this.ACTION(() => {
      if (operands.length === 1) return operands[0] as QueryNode;
      const first = operands[0] as QueryNode;
      const last = operands[operands.length - 1] as QueryNode;
      return { kind: 'or', span: cover(first.span, last.span), operands, operators };
    });
  });

  /** `after` is the operator that needs this operand, for a precise message when it is missing. */
  private andExpression = this.RULE('andExpression', (after?: IToken): QueryNode => {
    const operands: QueryNode[] = [this.SUBRULE(this.notExpression, { ARGS: [after] })];
    const operators: (Span | null)[] = [];
    this.MANY({
      GATE: () => this.LA(1).tokenType === T.And || this.startsOperand(),
      DEF: () => {
        let and: IToken | undefined;
        this.OPTION({
          GATE: () => this.LA(1).tokenType === T.And,
          DEF: () => {
            and = this.CONSUME(T.And);
          },
        });
        const right = this.SUBRULE2(this.notExpression, { ARGS: [and] });
        this.ACTION(() => {
          operators.push(and ? spanOf(and) : null);
          operands.push(right);
        });
      },
    });
    return this.ACTION(() => {
      if (operands.length === 1) return operands[0] as QueryNode;
      const first = operands[0] as QueryNode;
      const last = operands[operands.length - 1] as QueryNode;
      const node: AndNode = {
        kind: 'and',
        span: cover(first.span, last.span),
        operands,
        operators,
      };
      return node;
    });
  });

  private notExpression = this.RULE('notExpression', (after?: IToken): QueryNode => {
    return this.OR([
      {
        GATE: () => this.LA(1).tokenType === T.Not,
        ALT: () => {
          const not = this.CONSUME(T.Not);
          const operand = this.SUBRULE(this.notExpression, { ARGS: [not] });
          return this.ACTION((): QueryNode => ({
            kind: 'not',
            style: 'keyword',
            span: cover(spanOf(not), operand.span),
            operatorSpan: spanOf(not),
            operand,
          }));
        },
      },
      { ALT: () => this.SUBRULE(this.proximityExpression, { ARGS: [after] }) },
    ]);
  });

  private proximityExpression = this.RULE('proximityExpression', (after?: IToken): QueryNode => {
    let left = this.SUBRULE(this.unary, { ARGS: [after] });
    let chained = false;
    this.MANY({
      GATE: () => this.LA(1).tokenType === T.Proximity,
      DEF: () => {
        const operator = this.CONSUME(T.Proximity);
        const right = this.SUBRULE2(this.unary, { ARGS: [operator] });
        this.ACTION(() => {
          const written = proximityOf(operator.image);
          const operatorSpan = spanOf(operator);
          if (chained) {
            this.report(
              `chained proximity operators are ambiguous: use one \`${written.operator}\` between two operands or OR-groups`,
              operatorSpan,
            );
          }
          if (written.distance !== null && written.distance > 100) {
            this.report(
              `\`${operator.image}\`: the distance must be between 0 and 100`,
              operatorSpan,
            );
          }
          const node: QueryNode = {
            kind: 'proximity',
            span: cover(left.span, right.span),
            operatorSpan,
            ...written,
            left,
            right,
          };
          if (!chained) {
            for (const issue of validateProximityOperands(node))
              this.report(issue.message, issue.span);
          }
          chained = true;
          left = node;
        });
      },
    });
    return left;
  });

  /** Prefixes: `-x` excludes, `+x` / `++x` match the raw string. They must touch their operand. */
  private unary = this.RULE('unary', (after?: IToken): QueryNode => {
    return this.OR([
      {
        GATE: () => this.LA(1).tokenType === T.Minus,
        ALT: () => {
          const minus = this.CONSUME(T.Minus);
          const operand = this.SUBRULE(this.unary, { ARGS: [minus] });
          return this.ACTION((): QueryNode => {
            const operatorSpan = spanOf(minus);
            if (operand.kind !== 'error' && operand.span.start !== operatorSpan.end) {
              this.report(
                '`-` must be written right before what it excludes, as in `-word`',
                operatorSpan,
              );
            }
            return {
              kind: 'not',
              style: 'minus',
              span: cover(operatorSpan, operand.span),
              operatorSpan,
              operand,
            };
          });
        },
      },
      {
        GATE: () => this.LA(1).tokenType === T.Plus || this.LA(1).tokenType === T.PlusPlus,
        ALT: () => {
          const prefix = this.OR2([
            {
              GATE: () => this.LA(1).tokenType === T.PlusPlus,
              ALT: () => this.CONSUME(T.PlusPlus),
            },
            { ALT: () => this.CONSUME(T.Plus) },
          ]);
          const operand = this.SUBRULE2(this.unary, { ARGS: [prefix] });
          return this.ACTION(() => this.applyExactPrefix(prefix, operand));
        },
      },
      { ALT: () => this.SUBRULE(this.primary, { ARGS: [after] }) },
    ]);
  });

  private primary = this.RULE('primary', (after?: IToken): QueryNode => {
    return this.OR([
      {
        GATE: () => this.LA(1).tokenType === T.Term,
        ALT: () => {
          const token = this.CONSUME(T.Term);
          return this.ACTION((): QueryNode =>
            this.checked(buildTerm(token.image, spanOf(token), 'none')),
          );
        },
      },
      {
        GATE: () =>
          this.LA(1).tokenType === T.Phrase || this.LA(1).tokenType === T.UnterminatedPhrase,
        ALT: () => {
          const token = this.OR2([
            { GATE: () => this.LA(1).tokenType === T.Phrase, ALT: () => this.CONSUME(T.Phrase) },
            { ALT: () => this.CONSUME(T.UnterminatedPhrase) },
          ]);
          return this.ACTION((): QueryNode =>
            this.checked(buildPhrase(token.image, spanOf(token), 'none')),
          );
        },
      },
      {
        GATE: () => this.LA(1).tokenType === T.FieldClause,
        ALT: () => {
          const token = this.CONSUME(T.FieldClause);
          return this.ACTION((): QueryNode =>
            this.checkedField(buildFieldClause(token.image, spanOf(token))),
          );
        },
      },
      {
        GATE: () => this.LA(1).tokenType === T.LParen,
        ALT: () => this.SUBRULE(this.group),
      },
      {
        // Nothing here can start an operand: say what is missing, leave the token to the
        // enclosing loop that knows what to do with it, and go on.
        ALT: () => this.ACTION(() => this.missingOperand(after)),
      },
    ]);
  });

  private group = this.RULE('group', (): QueryNode => {
    const open = this.CONSUME(T.LParen);
    let expression: QueryNode | null = null;
    this.OPTION({
      GATE: () => this.LA(1).tokenType !== T.RParen && !this.isEnd(),
      DEF: () => {
        expression = this.SUBRULE(this.orExpression);
      },
    });
    let close: IToken | undefined;
    this.OPTION2({
      GATE: () => this.LA(1).tokenType === T.RParen,
      DEF: () => {
        close = this.CONSUME(T.RParen);
      },
    });
    return this.ACTION((): QueryNode => {
      const openSpan = spanOf(open);
      const inner = expression;
      if (!close) {
        this.report('`(` is never closed: add `)`', openSpan);
      } else if (!inner) {
        this.report(
          'empty parentheses: put a query between `(` and `)` or remove them',
          cover(openSpan, spanOf(close)),
        );
      }
      const end = close ? spanOf(close).end : (inner?.span.end ?? openSpan.end);
      return {
        kind: 'group',
        span: { start: openSpan.start, end },
        expression: inner,
        closed: close !== undefined,
      };
    });
  });

  private missingOperand(after: IToken | undefined): QueryNode {
    const next = this.LA(1);
    const nextName = this.isEnd() ? undefined : OPERATOR_NAMES.get(next.tokenType);
    if (after) {
      const where = this.isEnd()
        ? ' at the end of the query'
        : nextName
          ? `, but \`${next.image}\` follows`
          : '';
      this.report(`\`${after.image}\` needs an operand after it${where}`, spanOf(after));
    } else if (nextName && next.tokenType !== T.RParen) {
      this.report(`\`${next.image}\` needs an operand before it`, spanOf(next));
    } else {
      this.report('an operand is missing here', {
        start: this.nextOffset(),
        end: this.nextOffset(),
      });
    }
    return errorNodeAt(after ? spanOf(after).end : this.nextOffset());
  }

  private applyExactPrefix(prefix: IToken, operand: QueryNode): QueryNode {
    const prefixSpan = spanOf(prefix);
    const exact = prefix.image === '++' ? 'exact-case' : 'exact';
    if (operand.kind === 'error') return operand;
    if (operand.span.start !== prefixSpan.end) {
      this.report(
        `\`${prefix.image}\` must be written right before its word or phrase, as in \`${prefix.image}"L'Oréal"\``,
        prefixSpan,
      );
    }
    if (operand.kind === 'term' && operand.exact === 'none') {
      return {
        ...operand,
        span: cover(prefixSpan, operand.span),
        raw: prefix.image + operand.raw,
        exact,
      };
    }
    if (operand.kind === 'phrase' && operand.exact === 'none') {
      return {
        ...operand,
        span: cover(prefixSpan, operand.span),
        raw: prefix.image + operand.raw,
        exact,
      };
    }
    this.report(`\`${prefix.image}\` applies only to a word or a quoted phrase`, prefixSpan);
    return operand;
  }

  /** Range checks on a term or phrase that the lexer cannot express. */
  private checked(node: TermNode | PhraseNode): QueryNode {
    if (node.kind === 'phrase') {
      if (!node.closed) this.report('the phrase has no closing `"`', node.span);
      if (node.proximity !== undefined && node.proximity > 100) {
        this.report('phrase proximity `~N` must be between 0 and 100', node.span);
      }
    } else if (node.shape.form === 'fuzzy' && node.shape.edits > 2) {
      this.report(`\`${node.raw}\`: a fuzzy term allows 0 to 2 changed characters`, node.span);
    }
    return node;
  }

  private checkedField(node: FieldNode): QueryNode {
    if (node.value && node.value.kind !== 'comparison') this.checked(node.value);
    const next = this.LA(1);
    if (!node.value && next.tokenType === T.LParen && next.startOffset === node.span.end) {
      this.report(
        `a field takes one value, not a group: write \`(${node.name}:a OR ${node.name}:b)\``,
        node.span,
      );
    }
    return node;
  }
}

/** Pieces separated by stray `)` are combined as the service would read them: ANDed. */
function joinPieces(pieces: readonly QueryNode[]): QueryNode | null {
  if (pieces.length === 0) return null;
  if (pieces.length === 1) return pieces[0] as QueryNode;
  const first = pieces[0] as QueryNode;
  const last = pieces[pieces.length - 1] as QueryNode;
  return {
    kind: 'and',
    span: cover(first.span, last.span),
    operands: pieces,
    operators: pieces.slice(1).map(() => null),
  };
}

const TOKEN_TYPES = new Map<TokenType, QueryToken['type']>([
  [T.LParen, 'paren'],
  [T.RParen, 'paren'],
  [T.Phrase, 'phrase'],
  [T.UnterminatedPhrase, 'phrase'],
  [T.And, 'operator'],
  [T.Or, 'operator'],
  [T.Not, 'operator'],
  [T.Proximity, 'proximity'],
  [T.Term, 'term'],
  [T.PlusPlus, 'prefix'],
  [T.Plus, 'prefix'],
  [T.Minus, 'prefix'],
]);

/** Token list for semantic highlighting: a field clause becomes its name and its value. */
function queryTokens(tokens: readonly IToken[]): QueryToken[] {
  const result: QueryToken[] = [];
  for (const token of tokens) {
    const span = spanOf(token);
    if (token.tokenType !== T.FieldClause) {
      result.push({
        type: TOKEN_TYPES.get(token.tokenType) ?? 'invalid',
        span,
        image: token.image,
      });
      continue;
    }
    const colon = token.image.indexOf(':');
    result.push({
      type: 'field',
      span: { start: span.start, end: span.start + colon + 1 },
      image: token.image.slice(0, colon + 1),
    });
    const value = token.image.slice(colon + 1);
    if (value.length > 0) {
      const type = value.startsWith('"') ? 'phrase' : /^[<>]/.test(value) ? 'comparison' : 'term';
      result.push({ type, span: { start: span.start + colon + 1, end: span.end }, image: value });
    }
  }
  return result;
}

// One parser instance serves every call: Chevrotain parsers are built once (self-analysis is
// costly) and reset by assigning `input`.
let sharedParser: QueryParser | undefined;

/**
 * Parses the query in `text[range.start, range.end)`; every span in the result is an offset into
 * `text`, so a rule can be parsed in place inside its document (with comments blanked out).
 */
export function parseQuery(
  text: string,
  range: Span = { start: 0, end: text.length },
): ParsedQuery {
  const source = text.slice(range.start, range.end);
  const lexed = T.queryLexer().tokenize(source);
  for (const token of lexed.tokens) {
    token.startOffset += range.start;
    if (token.endOffset !== undefined) token.endOffset += range.start;
    // An unclosed phrase runs to the end of the query; its trailing white space is not part of it.
    if (token.tokenType === T.UnterminatedPhrase) token.image = token.image.trimEnd();
  }
  const tokens = queryTokens(lexed.tokens);
  const parser = (sharedParser ??= new QueryParser());
  parser.issues = [];
  parser.endOffset = range.end;
  parser.input = lexed.tokens;
  try {
    const query = parser.query();
    const issues: SyntaxIssue[] = [...parser.issues];
    // The grammar gates every choice, so Chevrotain itself should never object; if it does,
    // its finding is still a syntax problem of this query, not a crash.
    for (const error of parser.errors) {
      const token = error.token;
      const start = Number.isNaN(token.startOffset) ? range.end : token.startOffset;
      issues.push({ message: error.message, span: { start, end: start + token.image.length } });
    }
    for (const error of lexed.errors) {
      issues.push({
        message: error.message,
        span: { start: error.offset + range.start, end: error.offset + range.start + error.length },
      });
    }
    return { query: query ?? null, issues, tokens };
  } catch (error: unknown) {
    // A bug in the parser must not take the language server down: report it on the query.
    const message = error instanceof Error ? error.message : String(error);
    return {
      query: null,
      issues: [{ message: `internal parser error: ${message}`, span: range }],
      tokens,
    };
  }
}
