// The parser of one query, building the syntax tree of ast.ts from the Chevrotain lexer's tokens.
// Precedence, tightest first: prefixes and field clauses, proximity, NOT, AND (explicit or
// implicit), OR.
//
// Hand-written recursive descent over the token array, one method per level of precedence; every
// decision looks at the next token only. Error recovery is explicit: where an operand is missing
// the parser records an issue, puts an error node in its place and goes on, so one rule can report
// several problems and the rest of the tree stays usable for completion, hover and formatting.
//
// The parser is total and its stack is bounded by a budget, not by the input: chains (`NOT NOT`,
// `- -`, `+`, proximity chains) are loops, and only a group recurses, at most NESTING_LIMIT deep
// (about 7 frames a level). Deeper nesting is a syntax error (docs/decisions.md, "Hostile input"):
// a group beyond the limit is skipped to its closing parenthesis, and negations or chained
// proximity operators beyond it are read but not nested. So every tree it returns is at most
// about 2 × NESTING_LIMIT nodes high, and whatever walks a tree recursively (the formatter, the
// matcher, the splitter) never runs out of stack, in any caller, on any input.
import type { TokenType } from 'chevrotain';
import type {
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
import { buildFieldClause, buildPhrase, buildTerm, proximityOf } from './nodes';
import { validateProximityOperands } from './proximityRules';

/**
 * What the parser reads of a lexer token. Not Chevrotain's own objects: a parse kept for later
 * (RetainedParse) rebuilds these from its packed tokens when its tree is asked for.
 */
interface LexedToken {
  readonly tokenType: TokenType;
  readonly image: string;
  readonly startOffset: number;
}

/**
 * How deep parentheses, negations (`NOT`, `-`) and chained proximity operators may nest in one
 * query. Far beyond what anyone writes (a query of 4,096 characters nested this deep is nearly
 * all parentheses), and far below what any stack allows: the deepest tree costs well under a
 * thousand frames in the deepest walker, even in a worker thread or a deep server handler.
 */
export const NESTING_LIMIT = 100;

const OPERATOR_NAMES = new Map<TokenType, string>([
  [T.And, 'AND'],
  [T.Or, 'OR'],
  [T.Proximity, 'a proximity operator'],
  [T.RParen, '`)`'],
]);

function startsOperand(type: TokenType): boolean {
  return (
    type === T.Term ||
    type === T.Phrase ||
    type === T.UnterminatedPhrase ||
    type === T.FieldClause ||
    type === T.LParen ||
    type === T.Minus ||
    type === T.Plus ||
    type === T.PlusPlus ||
    type === T.Not
  );
}

function spanOf(token: LexedToken): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

function cover(first: Span, last: Span): Span {
  return { start: first.start, end: last.end };
}

function errorNodeAt(offset: number): QueryNode {
  return { kind: 'error', span: { start: offset, end: offset } };
}

class QueryParser {
  readonly issues: SyntaxIssue[] = [];
  private index = 0;
  /** Groups, negations and chained proximity operators around what is being parsed. */
  private depth = 0;
  private nestingReported = false;

  constructor(
    private readonly tokens: readonly LexedToken[],
    /** Where the input ends, for errors at the end of the query. */
    private readonly endOffset: number,
  ) {}

  private report(message: string, span: Span): void {
    this.issues.push({ message, span });
  }

  private peek(): LexedToken | undefined {
    return this.tokens[this.index];
  }

  private peekType(): TokenType | undefined {
    return this.tokens[this.index]?.tokenType;
  }

  private next(): LexedToken {
    return this.tokens[this.index++] as LexedToken;
  }

  private nextOffset(): number {
    return this.peek()?.startOffset ?? this.endOffset;
  }

  /** Once per query: the first place nesting goes past the limit is enough to act on. */
  private tooDeep(span: Span): void {
    if (this.nestingReported) return;
    this.nestingReported = true;
    this.report(
      `nested more than ${NESTING_LIMIT} levels deep (parentheses, NOT, \`-\` and chained proximity operators): write the query with less nesting`,
      span,
    );
  }

  /** The whole query: OR expressions, with stray `)` reported and skipped. */
  query(): QueryNode | null {
    const pieces: QueryNode[] = [];
    while (this.index < this.tokens.length) {
      const token = this.peek() as LexedToken;
      if (token.tokenType === T.RParen) {
        this.index++;
        this.report('unbalanced `)`: no `(` opens it; remove it', spanOf(token));
        continue;
      }
      const before = this.index;
      pieces.push(this.orExpression());
      // Every token starts some production, so this never holds; it keeps the loop finite
      // even if a future change to the grammar broke that.
      if (this.index === before) this.index++;
    }
    return joinPieces(pieces);
  }

  private orExpression(): QueryNode {
    const operands: QueryNode[] = [this.andExpression(undefined)];
    const operators: Span[] = [];
    while (this.peekType() === T.Or) {
      const or = this.next();
      operators.push(spanOf(or));
      operands.push(this.andExpression(or));
    }
    if (operands.length === 1) return operands[0] as QueryNode;
    const first = operands[0] as QueryNode;
    const last = operands[operands.length - 1] as QueryNode;
    return { kind: 'or', span: cover(first.span, last.span), operands, operators };
  }

  /** `after` is the operator that needs this operand, for a precise message when it is missing. */
  private andExpression(after: LexedToken | undefined): QueryNode {
    const operands: QueryNode[] = [this.notExpression(after)];
    const operators: (Span | null)[] = [];
    for (let type = this.peekType(); type !== undefined; type = this.peekType()) {
      let and: LexedToken | undefined;
      if (type === T.And) and = this.next();
      else if (!startsOperand(type)) break;
      operators.push(and ? spanOf(and) : null);
      operands.push(this.notExpression(and));
    }
    if (operands.length === 1) return operands[0] as QueryNode;
    const first = operands[0] as QueryNode;
    const last = operands[operands.length - 1] as QueryNode;
    return { kind: 'and', span: cover(first.span, last.span), operands, operators };
  }

  /** `NOT NOT x`: the negations are read in a loop and nested around their operand. */
  private notExpression(after: LexedToken | undefined): QueryNode {
    if (this.peekType() !== T.Not) return this.proximityExpression(after);
    const nots: LexedToken[] = [];
    while (this.peekType() === T.Not) nots.push(this.next());
    const kept = this.withinLimit(nots);
    this.depth += kept.length;
    let operand = this.proximityExpression(nots[nots.length - 1] ?? after);
    this.depth -= kept.length;
    for (let index = kept.length - 1; index >= 0; index--) {
      const operatorSpan = spanOf(kept[index] as LexedToken);
      operand = {
        kind: 'not',
        style: 'keyword',
        span: cover(operatorSpan, operand.span),
        operatorSpan,
        operand,
      };
    }
    return operand;
  }

  /**
   * The nesting operators of a run that fit in the budget: the innermost ones, so that what is
   * kept still touches its operand. The first operator past the limit is reported.
   */
  private withinLimit(run: readonly LexedToken[]): readonly LexedToken[] {
    const room = Math.max(0, NESTING_LIMIT - this.depth);
    if (run.length <= room) return run;
    this.tooDeep(spanOf(run[room] as LexedToken));
    return run.slice(run.length - room);
  }

  private proximityExpression(after: LexedToken | undefined): QueryNode {
    let left = this.unary(after);
    let links = 0;
    while (this.peekType() === T.Proximity) {
      const operator = this.next();
      const nested = this.depth + links >= NESTING_LIMIT;
      if (nested) this.tooDeep(spanOf(operator));
      this.depth += links;
      const right = this.unary(operator);
      this.depth -= links;
      const written = proximityOf(operator.image);
      const operatorSpan = spanOf(operator);
      if (links > 0) {
        this.report(
          `chained proximity operators are ambiguous: use one \`${written.operator}\` between two operands or OR-groups`,
          operatorSpan,
        );
      }
      if (written.distance !== null && written.distance > 100) {
        this.report(`\`${operator.image}\`: the distance must be between 0 and 100`, operatorSpan);
      }
      // Beyond the limit the link is read and reported but not nested.
      if (nested) continue;
      const node: QueryNode = {
        kind: 'proximity',
        span: cover(left.span, right.span),
        operatorSpan,
        ...written,
        left,
        right,
      };
      if (links === 0) {
        for (const issue of validateProximityOperands(node)) this.report(issue.message, issue.span);
      }
      links++;
      left = node;
    }
    return left;
  }

  /**
   * Prefixes: `-x` excludes, `+x` / `++x` match the raw string. They must touch their operand.
   * A run of prefixes is read in a loop and applied from the innermost out.
   */
  private unary(after: LexedToken | undefined): QueryNode {
    const first = this.peekType();
    if (first !== T.Minus && first !== T.Plus && first !== T.PlusPlus) return this.primary(after);
    const prefixes: LexedToken[] = [];
    const minuses: LexedToken[] = [];
    for (let type = this.peekType(); type !== undefined; type = this.peekType()) {
      if (type !== T.Minus && type !== T.Plus && type !== T.PlusPlus) break;
      const prefix = this.next();
      prefixes.push(prefix);
      if (type === T.Minus) minuses.push(prefix);
    }
    const kept = this.withinLimit(minuses);
    // Only `-` nests (`+` and `++` change their word): the minuses past the limit are dropped.
    const dropped =
      kept.length < minuses.length ? new Set(minuses.slice(0, minuses.length - kept.length)) : null;
    this.depth += kept.length;
    let operand = this.primary(prefixes[prefixes.length - 1] ?? after);
    this.depth -= kept.length;
    for (let index = prefixes.length - 1; index >= 0; index--) {
      const prefix = prefixes[index] as LexedToken;
      if (dropped?.has(prefix)) continue;
      operand =
        prefix.tokenType === T.Minus
          ? this.excluded(prefix, operand)
          : this.applyExactPrefix(prefix, operand);
    }
    return operand;
  }

  private excluded(minus: LexedToken, operand: QueryNode): QueryNode {
    const operatorSpan = spanOf(minus);
    if (operand.kind !== 'error' && operand.span.start !== operatorSpan.end) {
      this.report('`-` must be written right before what it excludes, as in `-word`', operatorSpan);
    }
    return {
      kind: 'not',
      style: 'minus',
      span: cover(operatorSpan, operand.span),
      operatorSpan,
      operand,
    };
  }

  private primary(after: LexedToken | undefined): QueryNode {
    const token = this.peek();
    const type = token?.tokenType;
    if (token && type === T.Term) {
      this.index++;
      return this.checked(buildTerm(token.image, spanOf(token), 'none'));
    }
    if (token && (type === T.Phrase || type === T.UnterminatedPhrase)) {
      this.index++;
      return this.checked(buildPhrase(token.image, spanOf(token), 'none'));
    }
    if (token && type === T.FieldClause) {
      this.index++;
      return this.checkedField(buildFieldClause(token.image, spanOf(token)));
    }
    if (type === T.LParen) return this.group();
    // Nothing here can start an operand: say what is missing, leave the token to the enclosing
    // loop that knows what to do with it, and go on.
    return this.missingOperand(after);
  }

  private group(): QueryNode {
    const open = this.next();
    const openSpan = spanOf(open);
    if (this.depth >= NESTING_LIMIT) return this.skipGroup(open);
    let inner: QueryNode | null = null;
    const type = this.peekType();
    if (type !== T.RParen && type !== undefined) {
      this.depth++;
      inner = this.orExpression();
      this.depth--;
    }
    let close: LexedToken | undefined;
    if (this.peekType() === T.RParen) close = this.next();
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
  }

  /**
   * A group too deep to build: reported, and its tokens passed over up to its closing parenthesis
   * (or the end), counting parentheses rather than recursing. It becomes an error node over them.
   */
  private skipGroup(open: LexedToken): QueryNode {
    this.tooDeep(spanOf(open));
    let balance = 1;
    let last = open;
    while (balance > 0 && this.index < this.tokens.length) {
      last = this.next();
      if (last.tokenType === T.LParen) balance++;
      else if (last.tokenType === T.RParen) balance--;
    }
    return { kind: 'error', span: cover(spanOf(open), spanOf(last)) };
  }

  private missingOperand(after: LexedToken | undefined): QueryNode {
    const next = this.peek();
    const nextName = next ? OPERATOR_NAMES.get(next.tokenType) : undefined;
    if (after) {
      const where = !next
        ? ' at the end of the query'
        : nextName
          ? `, but \`${next.image}\` follows`
          : '';
      this.report(`\`${after.image}\` needs an operand after it${where}`, spanOf(after));
    } else if (next && nextName && next.tokenType !== T.RParen) {
      this.report(`\`${next.image}\` needs an operand before it`, spanOf(next));
    } else {
      this.report('an operand is missing here', {
        start: this.nextOffset(),
        end: this.nextOffset(),
      });
    }
    return errorNodeAt(after ? spanOf(after).end : this.nextOffset());
  }

  private applyExactPrefix(prefix: LexedToken, operand: QueryNode): QueryNode {
    const prefixSpan = spanOf(prefix);
    const exact = prefix.image === '++' ? 'exact-case' : 'exact';
    if (operand.kind === 'error') return operand;
    if (operand.span.start !== prefixSpan.end) {
      this.report(
        `\`${prefix.image}\` must be written right before its word or phrase, as in \`${prefix.image}"L'Oréal"\``,
        prefixSpan,
      );
    }
    if ((operand.kind === 'term' || operand.kind === 'phrase') && operand.exact === 'none') {
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
    const next = this.peek();
    if (!node.value && next?.tokenType === T.LParen && next.startOffset === node.span.end) {
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

/**
 * A query's lexer tokens packed three numbers each (the type's index in ALL_TOKENS, start, end;
 * offsets into `source`). A rule keeps this rather than token objects: a file of 100,000 rules
 * holds millions of tokens, and an object for each (with a span object and a string) took most of
 * the language server's memory, and much of its time went to collecting them.
 */
interface Lexed {
  /** The text lexed; every token's text is a slice of it. */
  readonly source: string;
  readonly packed: readonly number[];
  /** Lexer errors, at offsets into `source`. */
  readonly errors: readonly {
    readonly message: string;
    readonly offset: number;
    readonly length: number;
  }[];
}

const NO_ERRORS: Lexed['errors'] = Object.freeze([]);

const TYPE_INDEX = new Map<TokenType, number>(T.ALL_TOKENS.map((type, index) => [type, index]));

function lex(source: string): Lexed {
  const lexed = T.queryLexer().tokenize(source);
  // A plain array of small integers: for the few tokens of a rule, a typed array's own objects
  // (the view and its buffer) would weigh more than the numbers. Made at its length: an array
  // grown by push keeps spare room, as much again as the numbers.
  const packed = new Array<number>(lexed.tokens.length * 3);
  lexed.tokens.forEach((token, index) => {
    // An unclosed phrase runs to the end of the query; its trailing white space is not part of it.
    const image = token.tokenType === T.UnterminatedPhrase ? token.image.trimEnd() : token.image;
    packed[index * 3] = TYPE_INDEX.get(token.tokenType) ?? -1;
    packed[index * 3 + 1] = token.startOffset;
    packed[index * 3 + 2] = token.startOffset + image.length;
  });
  const errors =
    lexed.errors.length === 0
      ? NO_ERRORS
      : lexed.errors.map(({ message, offset, length }) => ({ message, offset, length }));
  return { source, packed, errors };
}

/** The tokens as the parser reads them, each at its document offset (`base` + its place). */
function parserTokens({ source, packed }: Lexed, base: number): LexedToken[] {
  const tokens: LexedToken[] = [];
  for (let index = 0; index < packed.length; index += 3) {
    const start = packed[index + 1] as number;
    tokens.push({
      tokenType: T.ALL_TOKENS[packed[index] as number] as TokenType,
      image: source.slice(start, packed[index + 2]),
      startOffset: start + base,
    });
  }
  return tokens;
}

/** Token list for semantic highlighting: a field clause becomes its name and its value. */
function queryTokens({ source, packed }: Lexed, base: number): QueryToken[] {
  const result: QueryToken[] = [];
  for (let index = 0; index < packed.length; index += 3) {
    const tokenType = T.ALL_TOKENS[packed[index] as number] as TokenType;
    const from = packed[index + 1] as number;
    const to = packed[index + 2] as number;
    const span = { start: from + base, end: to + base };
    if (tokenType !== T.FieldClause) {
      result.push({
        type: TOKEN_TYPES.get(tokenType) ?? 'invalid',
        span,
        image: source.slice(from, to),
      });
      continue;
    }
    const colon = source.indexOf(':', from) - from;
    result.push({
      type: 'field',
      span: { start: span.start, end: span.start + colon + 1 },
      image: source.slice(from, from + colon + 1),
    });
    const value = source.slice(from + colon + 1, to);
    if (value.length > 0) {
      const type = value.startsWith('"') ? 'phrase' : /^[<>]/.test(value) ? 'comparison' : 'term';
      result.push({ type, span: { start: span.start + colon + 1, end: span.end }, image: value });
    }
  }
  return result;
}

/** The tree and the syntax issues of lexed tokens, each span at `base` + its place. */
function parseLexed(
  lexed: Lexed,
  base: number,
  end: number,
): { query: QueryNode | null; issues: SyntaxIssue[] } {
  const parser = new QueryParser(parserTokens(lexed, base), end);
  try {
    const query = parser.query();
    const issues: SyntaxIssue[] = parser.issues;
    // The lexer claims every character, so it reports nothing; if it ever does, that is still a
    // syntax problem of this query.
    for (const { message, offset, length } of lexed.errors)
      issues.push({ message, span: { start: offset + base, end: offset + base + length } });
    return { query, issues };
  } catch (error: unknown) {
    // A bug in the parser must not take the language server down: report it on the query.
    const message = error instanceof Error ? error.message : String(error);
    return {
      query: null,
      issues: [{ message: `internal parser error: ${message}`, span: { start: base, end } }],
    };
  }
}

/** What a kept parse made last: its tree and its tokens, each once read. */
interface Made {
  query?: QueryNode | null;
  tokens?: readonly QueryToken[];
}

/**
 * How many kept parses keep what they made. A feature reads a rule's tree or tokens a few times in
 * a row (diagnostics read the tree for the checks, then for the limits, then to split it), and a
 * rule may be a query of 200,000 terms: the last few rules read keep theirs, and a whole-file pass
 * lets every other one go. A ring of parses, each holding what it made, rather than a Map from
 * parse to what it made: with a Map, a pass over a large file spent most of its time in garbage
 * collection (each young collection copied and promoted far more than the few trees kept).
 */
const RECENT_LIMIT = 4;
const recent: (RetainedParse | undefined)[] = new Array<RetainedParse | undefined>(RECENT_LIMIT);
let nextRecent = 0;

function madeBy(parse: RetainedParse): Made {
  if (parse.made) return parse.made;
  const evicted = recent[nextRecent];
  if (evicted) evicted.made = undefined;
  recent[nextRecent] = parse;
  nextRecent = (nextRecent + 1) % RECENT_LIMIT;
  return (parse.made = {});
}

/**
 * A parse kept for later: the packed tokens and the syntax issues, no tree. Its tree is parsed
 * again from the tokens (not lexed again) when read, and its tokens are made when read; only the
 * last few parses read keep theirs (madeBy). A whole-file feature reads every rule once and lets
 * each go, so the memory of a file's analysis stays in proportion to its text, not to the objects
 * of every tree.
 */
class RetainedParse implements ParsedQuery {
  /** What it made while it is one of the recent parses (madeBy). */
  made: Made | undefined = undefined;

  constructor(
    private readonly lexed: Lexed,
    /** The document offset of `lexed.source`'s first character. */
    private readonly base: number,
    /** Where the query ends, as a document offset. */
    private readonly end: number,
    readonly issues: readonly SyntaxIssue[],
  ) {}

  get query(): QueryNode | null {
    const made = madeBy(this);
    if (made.query === undefined) made.query = parseLexed(this.lexed, this.base, this.end).query;
    return made.query;
  }

  get tokens(): readonly QueryToken[] {
    const made = madeBy(this);
    return (made.tokens ??= queryTokens(this.lexed, this.base));
  }

  /** The same parse `delta` characters further: nothing is copied but the issues. */
  moved(delta: number): RetainedParse {
    const issues = this.issues.map((issue) => ({
      ...issue,
      span: { start: issue.span.start + delta, end: issue.span.end + delta },
    }));
    return new RetainedParse(this.lexed, this.base + delta, this.end + delta, issues);
  }

  /** What JSON.stringify makes of it: the parse as a plain object would be. */
  toJSON(): object {
    return { query: this.query, issues: this.issues, tokens: this.tokens };
  }
}

/** A parse from parseRetained moved by `delta`, or null if `parsed` is not one. */
export function movedParse(parsed: ParsedQuery, delta: number): ParsedQuery | null {
  return parsed instanceof RetainedParse ? parsed.moved(delta) : null;
}

const NO_ISSUES: readonly SyntaxIssue[] = Object.freeze([]);

/**
 * Parses `text[range.start, range.end)`; every span in the result is an offset into `text` plus
 * `offset`, so a rule can be parsed in place inside its document (with comments blanked out), or
 * from a piece of the document that starts at `offset`.
 */
export function parseQuery(
  text: string,
  range: Span = { start: 0, end: text.length },
  offset = 0,
): ParsedQuery {
  const base = range.start + offset;
  const lexed = lex(text.slice(range.start, range.end));
  const { query, issues } = parseLexed(lexed, base, range.end + offset);
  return { query, issues, tokens: queryTokens(lexed, base) };
}

/**
 * parseQuery for a parse that is kept (a rule of a file's analysis): the same query, issues and
 * tokens, read from a compact form (RetainedParse).
 */
export function parseRetained(
  text: string,
  range: Span = { start: 0, end: text.length },
  offset = 0,
): ParsedQuery {
  const base = range.start + offset;
  const end = range.end + offset;
  const lexed = lex(text.slice(range.start, range.end));
  const { query, issues } = parseLexed(lexed, base, end);
  const parse = new RetainedParse(lexed, base, end, issues.length === 0 ? NO_ISSUES : issues);
  // Read next, most likely (a rule's diagnostics): the tree just made is kept with the recent ones.
  madeBy(parse).query = query;
  return parse;
}
