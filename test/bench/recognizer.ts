// The floor of the parsing benchmarks: a minimal hand-written recursive-descent recognizer of
// the .mmq grammar (spec/query-language.md §1–2) that answers only "valid or not", with no tree,
// no token list and no diagnostics. It reads the text once, over char codes, allocating nothing
// per token, so no correct analysis of a file can be faster than it.
//
// "Valid" means exactly what `parseFile` accepts: no syntax issue in any rule (every check the
// Chevrotain lexer and parser make, including the context checks: prefixes touching their
// operand, proximity operands, distances, fuzzy edits, `field:(`, nesting deeper than 100
// levels), and no structural file issue (header grammar, rule ids, text before the first header,
// empty rules, `@stream`/`@project` without a value). Not checked, because they need a symbol table rather than a grammar:
// duplicate rule ids and duplicate annotations. Field names and values are analysis, not syntax
// (`lang:` with no value is reported by the field checks). test/bench/recognizer.test.ts
// holds this definition to account against parseFile on generated and random text.

// Token kinds of the one-token lookahead.
const END = 0;
const LPAREN = 1;
const RPAREN = 2;
const PHRASE = 3;
const TERM = 4;
const FIELD = 5;
const AND = 6;
const OR = 7;
const NOT = 8;
const PROXIMITY = 9;
const MINUS = 10;
const PLUS = 11; // `+` and `++`
/** A token the parser would report whatever its place: an open phrase, `a~3`, `NEAR/101`… */
const INVALID = 12;

/** core/query/parser.ts's NESTING_LIMIT: deeper groups, negations or proximity are invalid. */
const NESTING_LIMIT = 100;

// Results of the expression functions: what a proximity operator may take matters upward.
const FAIL = 0;
/** Valid, and usable beside a proximity operator: a term, a phrase, or a group of those ORed. */
const LEAF = 1;
const OTHER = 2;

// Char codes.
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const HASH = 35;
const OPEN = 40;
const CLOSE = 41;
const PLUS_SIGN = 43;
const MINUS_SIGN = 45;
const SLASH = 47;
const ZERO = 48;
const NINE = 57;
const COLON = 58;
const LESS = 60;
const GREATER = 62;
const AT = 64;
const BACKSLASH = 92;
const TILDE = 126;

// Character classes of the ASCII range, one table lookup per character.
const BLANK = 1; // JavaScript's \s: what the lexer skips and what a word stops at
const STOP = 2; // also ends a word: `(`, `)`, `"`
const ID_START = 4; // [A-Za-z0-9]
const ID_PART = 8; // [A-Za-z0-9_.-]
const CLASSES = new Uint8Array(128);
for (const code of [9, 10, 11, 12, 13, 32]) CLASSES[code] = BLANK | STOP;
for (const code of [OPEN, CLOSE, QUOTE]) CLASSES[code] = STOP;
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  if (/[A-Za-z0-9]/.test(char)) CLASSES[code] = ID_START | ID_PART;
  else if (/[_.-]/.test(char)) CLASSES[code] = ID_PART;
}

/** `\s` beyond ASCII: rare in queries, so a branch rather than a bigger table. */
function isWideBlank(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isBlank(code: number): boolean {
  return code < 128 ? (CLASSES[code]! & BLANK) !== 0 : isWideBlank(code);
}

/** Ends a word (NaN, past the end of the text, too). */
function isStop(code: number): boolean {
  return code < 128 ? (CLASSES[code]! & STOP) !== 0 : code !== code || isWideBlank(code);
}

function isLineBreak(code: number): boolean {
  return code === LF || code === CR;
}

/** Whether `text[from, to)` is digits whose value exceeds `max` (leading zeros allowed). */
function digitsExceed(text: string, from: number, to: number, max: number): boolean {
  let value = 0;
  for (let index = from; index < to; index++) {
    value = value * 10 + text.charCodeAt(index) - ZERO;
    if (value > max) return true;
  }
  return false;
}

/** End of a run of ASCII digits starting at `from`. */
function digitsEnd(text: string, from: number, to: number): number {
  let index = from;
  while (index < to) {
    const code = text.charCodeAt(index);
    if (code < ZERO || code > NINE) break;
    index++;
  }
  return index;
}

/** What may follow an operand with an implicit AND between them. */
function startsOperand(kind: number): boolean {
  return (
    kind === TERM ||
    kind === PHRASE ||
    kind === FIELD ||
    kind === LPAREN ||
    kind === MINUS ||
    kind === PLUS ||
    kind === NOT
  );
}

class Recognizer {
  private readonly text: string;
  private readonly length: number;
  private pos = 0;
  /** Where the current rule's body ends: the start of the next header line, or the text's end. */
  private limit: number;
  /** Set while skipping the comments before the first rule, where annotations live. */
  private preamble = false;
  private failed = false;
  /** Groups and negations around the current token (the parser's nesting budget). */
  private depth = 0;

  // The one-token lookahead: where it was scanned from, its kind and where it ends.
  private peekedAt = -1;
  private kind = END;
  private tokenEnd = 0;

  constructor(text: string) {
    this.text = text;
    this.length = text.length;
    this.limit = text.length;
  }

  file(): boolean {
    this.checkLineStart(0);
    this.preamble = true;
    this.skipBlanks();
    this.preamble = false;
    if (this.failed) return false;
    if (this.pos < this.limit) {
      // Text before any header: the whole file's one query, or stray text before a header.
      if (!this.query()) return false;
      if (this.limit < this.length) return false;
    }
    while (this.limit < this.length) {
      if (!this.header(this.limit)) return false;
      this.skipBlanks();
      if (this.pos >= this.limit) return false; // an empty rule
      if (!this.query()) return false;
    }
    return true;
  }

  /** A whole rule body: one OR expression, then nothing. A stray `)` is an error. */
  private query(): boolean {
    return this.or() !== FAIL && this.peek() === END;
  }

  /**
   * A header line at `start`: `[ \t]*###`, a blank, a rule id, then nothing but blanks or a
   * comment. Leaves the position at the start of the next line and finds where that rule ends.
   */
  private header(start: number): boolean {
    const text = this.text;
    let at = start;
    while (text.charCodeAt(at) === SPACE || text.charCodeAt(at) === TAB) at++;
    at += 3; // `###`, as checkLineStart found
    let code = text.charCodeAt(at);
    if (!isBlank(code) || isLineBreak(code)) return false; // `###id`, or `###` alone
    do code = text.charCodeAt(++at);
    while (isBlank(code) && !isLineBreak(code));
    if (!(code < 128 && (CLASSES[code]! & ID_START) !== 0)) return false;
    const idStart = at;
    do code = text.charCodeAt(++at);
    while (code < 128 && (CLASSES[code]! & ID_PART) !== 0);
    if (at - idStart > 128) return false;
    if (code === code && !isBlank(code)) return false; // the id runs into other characters
    while (isBlank(code) && !isLineBreak(code)) code = text.charCodeAt(++at);
    if (code === SLASH && text.charCodeAt(at + 1) === SLASH) {
      while (at < this.length && !isLineBreak(text.charCodeAt(at))) at++;
    } else if (code === code && !isLineBreak(code)) {
      return false; // query text on the header line
    }
    // Past the line break (`\r\n` is one), to the body's first line.
    if (text.charCodeAt(at) === CR) at += text.charCodeAt(at + 1) === LF ? 2 : 1;
    else if (text.charCodeAt(at) === LF) at++;
    this.pos = at;
    this.limit = this.length;
    this.peekedAt = -1;
    if (at >= this.length) return false; // an empty last rule
    this.checkLineStart(at);
    return true;
  }

  /** A line starting at `at` that is a header ends the current rule there. */
  private checkLineStart(at: number): void {
    const text = this.text;
    let first = at;
    let code = text.charCodeAt(first);
    while (code === SPACE || code === TAB) code = text.charCodeAt(++first);
    if (code === HASH && text.charCodeAt(first + 1) === HASH && text.charCodeAt(first + 2) === HASH)
      this.limit = at;
  }

  /** Skips white space and `//` comments (at a line start or after white space). */
  private skipBlanks(): void {
    const text = this.text;
    let pos = this.pos;
    while (pos < this.limit) {
      const code = text.charCodeAt(pos);
      if (code < 128 ? (CLASSES[code]! & BLANK) !== 0 : isWideBlank(code)) {
        pos++;
        if (code === LF || code === CR) this.checkLineStart(pos);
      } else if (
        code === SLASH &&
        text.charCodeAt(pos + 1) === SLASH &&
        (pos === 0 || isBlank(text.charCodeAt(pos - 1)))
      ) {
        if (this.preamble && !this.annotationOk(pos)) this.failed = true;
        pos += 2;
        while (pos < this.limit && !isLineBreak(text.charCodeAt(pos))) pos++;
      } else break;
    }
    this.pos = pos;
  }

  /** `// @stream` and `// @project` need a value; other comments are free text. */
  private annotationOk(comment: number): boolean {
    const text = this.text;
    let at = comment + 2;
    while (text.charCodeAt(at) === SPACE || text.charCodeAt(at) === TAB) at++;
    if (text.charCodeAt(at) !== AT) return true;
    const name = text.startsWith('stream', at + 1) ? 6 : text.startsWith('project', at + 1) ? 7 : 0;
    if (name === 0) return true;
    at += 1 + name;
    while (text.charCodeAt(at) === SPACE || text.charCodeAt(at) === TAB) at++;
    return !(at >= this.length || isLineBreak(text.charCodeAt(at)));
  }

  // ---- Tokens ----

  /** The kind of the next token, scanned once per position. */
  private peek(): number {
    if (this.pos === this.peekedAt) return this.kind;
    this.skipBlanks();
    this.peekedAt = this.pos;
    this.kind = this.pos >= this.limit ? END : this.scanToken(this.pos);
    return this.kind;
  }

  private consume(): void {
    this.pos = this.tokenEnd;
  }

  private scanToken(start: number): number {
    const code = this.text.charCodeAt(start);
    switch (code) {
      case OPEN:
        this.tokenEnd = start + 1;
        return LPAREN;
      case CLOSE:
        this.tokenEnd = start + 1;
        return RPAREN;
      case QUOTE:
        return this.scanPhrase(start) ? PHRASE : INVALID;
      case MINUS_SIGN:
        this.tokenEnd = start + 1;
        return MINUS;
      case PLUS_SIGN:
        this.tokenEnd = this.text.charCodeAt(start + 1) === PLUS_SIGN ? start + 2 : start + 1;
        return PLUS;
      default:
        return this.scanWord(start);
    }
  }

  /**
   * `"…"` with `\` escapes, then an optional `~N` (N ≤ 100) or `~`. Sets tokenEnd; false when the
   * phrase is never closed (before the next header) or its distance is out of range.
   */
  private scanPhrase(start: number): boolean {
    const text = this.text;
    let pos = start + 1;
    while (pos < this.limit) {
      const code = text.charCodeAt(pos);
      if (code === QUOTE) {
        pos++;
        if (text.charCodeAt(pos) === TILDE) {
          const digits = pos + 1;
          pos = digitsEnd(text, digits, this.limit);
          if (digitsExceed(text, digits, pos, 100)) return false;
        }
        this.tokenEnd = pos;
        return true;
      }
      if (code === BACKSLASH) pos++;
      pos++;
      // A header line ends the rule, and with it an open phrase.
      const last = text.charCodeAt(pos - 1);
      if (last === LF || last === CR) this.checkLineStart(pos);
    }
    return false;
  }

  /** A run of characters up to white space, `(`, `)` or `"`: an operator, field clause or term. */
  private scanWord(start: number): number {
    const text = this.text;
    let pos = start;
    let colon = -1;
    let code = text.charCodeAt(pos);
    while (!isStop(code)) {
      if (code === COLON && colon < 0) colon = pos;
      code = text.charCodeAt(++pos);
    }
    this.tokenEnd = pos;
    const first = text.charCodeAt(start);
    // Operators are whole words in upper case; a longer word (`ANDROID`, `NEAR/5x`) is a term.
    if (first >= 65 /* A */ && first <= 83 /* S */) {
      const operator = this.operator(start, pos);
      if (operator !== TERM) return operator;
    }
    if (colon > start) return this.fieldValue(colon + 1, pos);
    return this.termOk(start, pos) ? TERM : INVALID;
  }

  private operator(start: number, end: number): number {
    const text = this.text;
    const length = end - start;
    if (length === 3 && text.startsWith('AND', start)) return AND;
    if (length === 2 && text.startsWith('OR', start)) return OR;
    if (length === 3 && text.startsWith('NOT', start)) return NOT;
    // O?NEAR(/\d+)? | O?SENTENCE
    const at = text.charCodeAt(start) === 79 /* O */ ? start + 1 : start;
    if (text.startsWith('SENTENCE', at)) return at + 8 === end ? PROXIMITY : TERM;
    if (!text.startsWith('NEAR', at)) return TERM;
    if (at + 4 === end) return PROXIMITY;
    if (text.charCodeAt(at + 4) !== SLASH || at + 5 === end) return TERM;
    if (digitsEnd(text, at + 5, end) !== end) return TERM;
    return digitsExceed(text, at + 5, end, 100) ? INVALID : PROXIMITY;
  }

  /** A field clause's value from `from` (after the colon) to `end` of the word. */
  private fieldValue(from: number, end: number): number {
    const text = this.text;
    if (from === end) {
      const next = text.charCodeAt(end);
      // `title:"car sharing"`: the phrase is part of the clause.
      if (next === QUOTE) return this.scanPhrase(end) ? FIELD : INVALID;
      // `lang:(en OR fr)`: a field takes one value, not a group.
      return next === OPEN ? INVALID : FIELD;
    }
    const first = text.charCodeAt(from);
    if (first === GREATER || first === LESS) return FIELD; // a comparison: analysis checks it
    return this.termOk(from, end) ? FIELD : INVALID;
  }

  /** A fuzzy term `word~N` allows 0 to 2 edits (`word~` is a compound, `~5` a plain word). */
  private termOk(start: number, end: number): boolean {
    const text = this.text;
    let digits = end;
    while (digits > start) {
      const code = text.charCodeAt(digits - 1);
      if (code < ZERO || code > NINE) break;
      digits--;
    }
    if (digits === end || digits - start < 2 || text.charCodeAt(digits - 1) !== TILDE) return true;
    if (text.charCodeAt(digits - 2) === TILDE) return true;
    return !digitsExceed(text, digits, end, 2);
  }

  // ---- Expressions, loosest first ----

  private or(): number {
    let result = this.and();
    if (result === FAIL) return FAIL;
    while (this.peek() === OR) {
      this.consume();
      const right = this.and();
      if (right === FAIL) return FAIL;
      if (right !== LEAF) result = OTHER;
    }
    return result;
  }

  private and(): number {
    let result = this.not();
    if (result === FAIL) return FAIL;
    for (;;) {
      const kind = this.peek();
      if (kind === AND) this.consume();
      else if (!startsOperand(kind)) return result; // OR, `)`, the end: the caller's business
      if (this.not() === FAIL) return FAIL;
      result = OTHER;
    }
  }

  private not(): number {
    if (this.peek() !== NOT) return this.proximity();
    if (this.depth >= NESTING_LIMIT) return FAIL;
    this.consume();
    this.depth++;
    const operand = this.not();
    this.depth--;
    return operand === FAIL ? FAIL : OTHER;
  }

  /** `a NEAR/3 b`: one operator between two leaves or OR-groups of leaves; never chained. */
  private proximity(): number {
    const left = this.unary();
    if (left === FAIL || this.peek() !== PROXIMITY) return left;
    if (left !== LEAF || this.depth >= NESTING_LIMIT) return FAIL;
    this.consume();
    if (this.unary() !== LEAF) return FAIL;
    return this.peek() === PROXIMITY ? FAIL : OTHER;
  }

  /** Prefixes touch their operand; `+`/`++` take only a term or a phrase. */
  private unary(): number {
    const kind = this.peek();
    if (kind !== MINUS && kind !== PLUS) return this.primary();
    this.consume();
    if (this.pos >= this.limit || isBlank(this.text.charCodeAt(this.pos))) return FAIL;
    if (kind === MINUS) {
      if (this.depth >= NESTING_LIMIT) return FAIL;
      this.depth++;
      const operand = this.unary();
      this.depth--;
      return operand === FAIL ? FAIL : OTHER;
    }
    const operand = this.peek();
    if (operand !== TERM && operand !== PHRASE) return FAIL;
    this.consume();
    return LEAF;
  }

  private primary(): number {
    const kind = this.peek();
    if (kind === TERM || kind === PHRASE) {
      this.consume();
      return LEAF;
    }
    if (kind === FIELD) {
      this.consume();
      return OTHER;
    }
    if (kind !== LPAREN || this.depth >= NESTING_LIMIT) return FAIL; // also a missing operand
    this.consume();
    this.depth++;
    const inner = this.or(); // `()` fails here: `)` cannot start an operand
    this.depth--;
    if (inner === FAIL || this.peek() !== RPAREN) return FAIL;
    this.consume();
    return inner;
  }
}

/** Whether `parseFile` would find no syntax and no structural issue in `text` (see above). */
export function recognize(text: string): boolean {
  return new Recognizer(text).file();
}
