// A document's title and content as the matcher reads them: the analysed words (normalize.ts)
// and, in one map for both fields, which fields hold each distinct word. Made once per document
// object and kept while the document lives, so that a query's word is one hash lookup, whatever
// the fields it may be in, instead of a comparison with every word of the text.
import type { MatchableDocument } from '../document';
import { analyzeText, type AnalyzedText } from '../normalize';

export type TextField = 'title' | 'content';
export const TEXT_FIELDS: readonly TextField[] = ['title', 'content'];

/** Fields as bits, so that "in the title or the content" is one test. */
export type FieldBits = number;
export const FIELD_BIT: Readonly<Record<TextField, FieldBits>> = { title: 1, content: 2 };

export function fieldBits(fields: readonly TextField[]): FieldBits {
  let bits = 0;
  for (const field of fields) bits |= FIELD_BIT[field];
  return bits;
}

export const ALL_FIELDS: FieldBits = fieldBits(TEXT_FIELDS);

export interface DocumentText {
  readonly title: AnalyzedText;
  readonly content: AnalyzedText;
  /** Each distinct word of either field, with the bits of the fields holding it. */
  readonly fields: ReadonlyMap<string, FieldBits>;
}

function analyse(document: MatchableDocument): DocumentText {
  const title = analyzeText(document.title ?? '');
  const content = analyzeText(document.content ?? '');
  const fields = new Map<string, FieldBits>();
  for (const word of title.words) fields.set(word, FIELD_BIT.title);
  for (const word of content.words) fields.set(word, (fields.get(word) ?? 0) | FIELD_BIT.content);
  return { title, content, fields };
}

const analysed = new WeakMap<MatchableDocument, DocumentText>();

export function textOf(document: MatchableDocument): DocumentText {
  let text = analysed.get(document);
  if (!text) {
    text = analyse(document);
    analysed.set(document, text);
  }
  return text;
}

/**
 * Analysed texts kept by document number, for a collection that numbers its documents (the
 * sandbox's index): finding one by number is an array read, where a lookup by document hashes
 * the document's identity, a cache miss or two per large document, as long as the whole
 * evaluation of a simple query.
 */
export class NumberedTexts {
  private readonly texts: (DocumentText | undefined)[] = [];

  at(number: number, document: MatchableDocument): DocumentText {
    let text = this.texts[number];
    if (!text) {
      text = textOf(document);
      this.texts[number] = text;
    }
    return text;
  }
}

/** A document under evaluation: its text is analysed (or fetched) only if a text test asks. */
export class Subject {
  private analysed: DocumentText | undefined;

  constructor(
    private current: MatchableDocument,
    /** Where the caller keeps analysed texts by document number, if it does… */
    private readonly texts?: NumberedTexts,
    /** …and this document's number there. */
    private number = 0,
  ) {}

  get document(): MatchableDocument {
    return this.current;
  }

  /** On to the next document of a pass: one subject serves them all (evaluations never nest). */
  moveTo(document: MatchableDocument, number: number): void {
    this.current = document;
    this.number = number;
    this.analysed = undefined;
  }

  get text(): DocumentText {
    return (this.analysed ??= this.texts
      ? this.texts.at(this.number, this.current)
      : textOf(this.current));
  }
}
