// The floor: a minimal hand-written recursive-descent recognizer of the same grammar (file level
// and query level) that answers only "valid or not", with no tree and no diagnostics. No correct
// analysis can be faster than reading the text once like this.
const SPACE = new Set([32, 9, 10, 13, 12, 11]);
const LPAREN = 40;
const RPAREN = 41;
const QUOTE = 34;
const SLASH = 47;
const HASH = 35;

class Recognizer {
  private position = 0;
  private end = 0;

  constructor(private readonly text: string) {}

  /** Whole file: header lines start rules; comments are skipped while scanning. */
  file(): boolean {
    const text = this.text;
    let lineStart = 0;
    let bodyStart = -1;
    while (lineStart <= text.length) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd < 0) lineEnd = text.length;
      let first = lineStart;
      while (first < lineEnd && SPACE.has(text.charCodeAt(first))) first++;
      const isHeader =
        text.charCodeAt(first) === HASH &&
        text.charCodeAt(first + 1) === HASH &&
        text.charCodeAt(first + 2) === HASH;
      if (isHeader) {
        if (bodyStart >= 0 && !this.query(bodyStart, lineStart)) return false;
        bodyStart = lineEnd + 1;
      }
      lineStart = lineEnd + 1;
    }
    return bodyStart < 0 || this.query(bodyStart, text.length);
  }

  private query(start: number, end: number): boolean {
    this.position = start;
    this.end = end;
    this.skipBlanks();
    if (this.position >= this.end) return true;
    if (!this.or()) return false;
    this.skipBlanks();
    return this.position >= this.end;
  }

  private skipBlanks(): void {
    const text = this.text;
    while (this.position < this.end) {
      const code = text.charCodeAt(this.position);
      if (SPACE.has(code)) this.position++;
      else if (
        code === SLASH &&
        text.charCodeAt(this.position + 1) === SLASH &&
        (this.position === 0 || SPACE.has(text.charCodeAt(this.position - 1)))
      ) {
        while (this.position < this.end && text.charCodeAt(this.position) !== 10) this.position++;
      } else return;
    }
  }

  /** The next bare word (operator or term) without consuming it. */
  private peekWord(): string {
    let cursor = this.position;
    while (cursor < this.end) {
      const code = this.text.charCodeAt(cursor);
      if (SPACE.has(code) || code === LPAREN || code === RPAREN || code === QUOTE) break;
      cursor++;
    }
    return this.text.slice(this.position, cursor);
  }

  private or(): boolean {
    if (!this.and()) return false;
    for (;;) {
      this.skipBlanks();
      if (this.peekWord() !== 'OR') return true;
      this.position += 2;
      if (!this.and()) return false;
    }
  }

  private and(): boolean {
    if (!this.not()) return false;
    for (;;) {
      this.skipBlanks();
      if (this.position >= this.end) return true;
      const code = this.text.charCodeAt(this.position);
      if (code === RPAREN) return true;
      const word = this.peekWord();
      if (word === 'OR') return true;
      if (word === 'AND') this.position += 3;
      if (!this.not()) return false;
    }
  }

  private not(): boolean {
    this.skipBlanks();
    if (this.peekWord() === 'NOT') {
      this.position += 3;
      return this.not();
    }
    return this.proximity();
  }

  private proximity(): boolean {
    if (!this.unary()) return false;
    for (;;) {
      this.skipBlanks();
      const word = this.peekWord();
      if (!/^(O?NEAR(\/\d+)?|O?SENTENCE)$/.test(word)) return true;
      this.position += word.length;
      if (!this.unary()) return false;
    }
  }

  private unary(): boolean {
    this.skipBlanks();
    const code = this.text.charCodeAt(this.position);
    if (code === 45 /* - */ || code === 43 /* + */) {
      this.position++;
      if (this.text.charCodeAt(this.position) === 43) this.position++;
    }
    return this.primary();
  }

  private primary(): boolean {
    if (this.position >= this.end) return false;
    const code = this.text.charCodeAt(this.position);
    if (code === LPAREN) {
      this.position++;
      if (!this.or()) return false;
      this.skipBlanks();
      if (this.text.charCodeAt(this.position) !== RPAREN) return false;
      this.position++;
      return true;
    }
    if (code === QUOTE) return this.phrase();
    const word = this.peekWord();
    if (word === '' || word === 'AND' || word === 'OR' || code === RPAREN) return false;
    this.position += word.length;
    // A field value may be a phrase: `title:"car sharing"`.
    if (word.endsWith(':') && this.text.charCodeAt(this.position) === QUOTE) return this.phrase();
    return true;
  }

  private phrase(): boolean {
    this.position++;
    while (this.position < this.end) {
      const code = this.text.charCodeAt(this.position);
      if (code === 92 /* \ */) this.position += 2;
      else if (code === QUOTE) {
        this.position++;
        while (
          this.position < this.end &&
          (this.text.charCodeAt(this.position) === 126 ||
            (this.text.charCodeAt(this.position) >= 48 &&
              this.text.charCodeAt(this.position) <= 57))
        )
          this.position++;
        return true;
      } else this.position++;
    }
    return false;
  }
}

export function recognize(text: string): boolean {
  return new Recognizer(text).file();
}
