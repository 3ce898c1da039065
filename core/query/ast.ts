// The syntax tree of one query (spec/query-language.md §2). Every node carries the exact
// document offsets it was parsed from, so diagnostics, hovers and edits point at real text.

/** Half-open range of UTF-16 offsets into the whole document text: [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** How a term or phrase is matched against raw text: `+x` exact, `++x` exact and case-sensitive. */
export type Exactness = 'none' | 'exact' | 'exact-case';

/**
 * The shape of a bare term, read from its text:
 * - `word`: plain word (`apple`, `#gdl`, `@acme`)
 * - `wildcard`: contains `*` or `?` (`luxemb*`, `reali?ation`)
 * - `fuzzy`: `roam~1` (edits 0..2; any other number is kept and flagged by analysis)
 * - `compound`: `carsharing~` (matches the compound written together, hyphenated or spaced)
 */
export type TermForm =
  | { readonly form: 'word' }
  | { readonly form: 'wildcard' }
  | { readonly form: 'fuzzy'; readonly edits: number }
  | { readonly form: 'compound' };

/** A bare term. `text` is the word without any `+`/`++` prefix and without a `~` suffix. */
export interface TermNode {
  readonly kind: 'term';
  readonly span: Span;
  /** The term as written, prefix and suffix included. */
  readonly raw: string;
  /** The word itself: no prefix, no `~N` suffix. */
  readonly text: string;
  readonly shape: TermForm;
  readonly exact: Exactness;
}

/**
 * A quoted phrase. `text` is the unescaped content (`\"` becomes `"`).
 * `"a b"~5` sets `proximity` 5; `"a b"~` sets `compound`.
 */
export interface PhraseNode {
  readonly kind: 'phrase';
  readonly span: Span;
  readonly raw: string;
  readonly text: string;
  readonly exact: Exactness;
  /** Set for `"a b"~N`: all words within N words of each other, any order. */
  readonly proximity?: number;
  /** Set for `"a b"~`: the compound written together, hyphenated or spaced. */
  readonly compound?: boolean;
  /** False when the closing quote is missing (a `syntax` error is reported too). */
  readonly closed: boolean;
}

export type ComparisonOperator = '>' | '>=' | '<' | '<=';

/** The value of a field clause. */
export type FieldValue =
  | TermNode
  | PhraseNode
  | {
      readonly kind: 'comparison';
      readonly span: Span;
      readonly raw: string;
      readonly operator: ComparisonOperator;
      /** The text after the operator, kept so analysis can say what is wrong with it. */
      readonly numberText: string;
      /** NaN when `numberText` is not a number. */
      readonly value: number;
    };

/** `field:value`. A negated clause (`-site:x`) is a `not` node of style `minus` around it. */
export interface FieldNode {
  readonly kind: 'field';
  readonly span: Span;
  /** Exactly as written (analysis compares with the lower-case field table). */
  readonly name: string;
  readonly nameSpan: Span;
  /** Null when nothing follows the colon (reported by analysis as `syntax`). */
  readonly value: FieldValue | null;
}

/** `( … )`. `expression` is null for `()`. */
export interface GroupNode {
  readonly kind: 'group';
  readonly span: Span;
  readonly expression: QueryNode | null;
  /** False when the closing parenthesis is missing. */
  readonly closed: boolean;
}

/**
 * Negation: `NOT x` (style `keyword`, `operatorSpan` covers `NOT`) or `-x` (style `minus`,
 * `operatorSpan` covers the `-`). `a AND NOT b` parses as `and[a, not(b)]`.
 */
export interface NotNode {
  readonly kind: 'not';
  readonly span: Span;
  readonly style: 'keyword' | 'minus';
  readonly operatorSpan: Span;
  readonly operand: QueryNode;
}

/**
 * Conjunction of two or more operands. `operators[i]` sits between `operands[i]` and
 * `operands[i + 1]`: the span of a written `AND`, or null for an implicit AND (juxtaposition).
 */
export interface AndNode {
  readonly kind: 'and';
  readonly span: Span;
  readonly operands: readonly QueryNode[];
  readonly operators: readonly (Span | null)[];
}

/** Disjunction of two or more operands; `operators[i]` is the span of the `OR` keyword. */
export interface OrNode {
  readonly kind: 'or';
  readonly span: Span;
  readonly operands: readonly QueryNode[];
  readonly operators: readonly Span[];
}

export type ProximityOperator = 'NEAR' | 'ONEAR' | 'SENTENCE' | 'OSENTENCE';

/**
 * `left NEAR/3 right` and friends. `distance` is the written N (`NEAR` alone means 15 and has
 * `distance` 15 with `distanceWritten` false); null for SENTENCE/OSENTENCE.
 * `ordered` is true for ONEAR and OSENTENCE.
 */
export interface ProximityNode {
  readonly kind: 'proximity';
  readonly span: Span;
  readonly operator: ProximityOperator;
  readonly operatorSpan: Span;
  readonly distance: number | null;
  readonly distanceWritten: boolean;
  readonly ordered: boolean;
  readonly left: QueryNode;
  readonly right: QueryNode;
}

/** Where the parser could not build a node (an operand is missing). Never matches anything. */
export interface ErrorNode {
  readonly kind: 'error';
  readonly span: Span;
}

export type QueryNode =
  | TermNode
  | PhraseNode
  | FieldNode
  | GroupNode
  | NotNode
  | AndNode
  | OrNode
  | ProximityNode
  | ErrorNode;

/** A syntax problem found while lexing or parsing; analysis turns it into a `syntax` diagnostic. */
export interface SyntaxIssue {
  readonly message: string;
  readonly span: Span;
}

/** What lexing and parsing one query produced. `query` is null when the text is empty. */
export interface ParsedQuery {
  readonly query: QueryNode | null;
  readonly issues: readonly SyntaxIssue[];
  /** Every token, in order, with its class: feeds semantic tokens and the formatter. */
  readonly tokens: readonly QueryToken[];
}

export type QueryTokenType =
  | 'term'
  | 'phrase'
  | 'field'
  | 'operator'
  | 'proximity'
  | 'prefix'
  | 'paren'
  | 'comparison'
  | 'invalid';

export interface QueryToken {
  readonly type: QueryTokenType;
  readonly span: Span;
  readonly image: string;
}

// ---- The file level (spec §1) ----

export interface Annotation {
  /** `stream`, `project`, or an unknown name (flagged `unknown-annotation`). */
  readonly name: string;
  readonly value: string;
  readonly span: Span;
  readonly nameSpan: Span;
  readonly valueSpan: Span;
}

export interface Comment {
  /** From `//` to the end of the line (the line break excluded). */
  readonly span: Span;
}

export interface Rule {
  /** The rule id from its header, or the file name without `.mmq` for a file without headers. */
  readonly id: string;
  /** The `### id` line without its line break; null for the implicit rule of a header-less file. */
  readonly headerSpan: Span | null;
  /** The id inside the header; null for the implicit rule. */
  readonly idSpan: Span | null;
  /** From the end of the header line (or the start of the file) to the next header or the end. */
  readonly bodySpan: Span;
  /**
   * The query sent to the service: each body line with its comment removed and trimmed, empty
   * lines dropped, joined with one space.
   */
  readonly queryText: string;
  readonly parsed: ParsedQuery;
}

/** A file-level problem (`file-structure`), or an `unknown-annotation`. */
export interface FileIssue {
  readonly code: 'file-structure' | 'unknown-annotation';
  readonly message: string;
  readonly span: Span;
  /** The rule concerned, when there is one. */
  readonly rule: string | null;
}

export interface MmqFile {
  readonly text: string;
  readonly annotations: readonly Annotation[];
  readonly comments: readonly Comment[];
  readonly rules: readonly Rule[];
  readonly issues: readonly FileIssue[];
}
