// The floor of query evaluation: the 20-operand query of search.ts written by hand as plain
// JavaScript over documents tokenised beforehand into word arrays and word sets. No parsing, no
// tree, no caches: what a document-by-document scan cannot do faster in JavaScript. Tokenising is
// done once, untimed, with the language's normalisation, so that it finds the same words (and the
// benchmark checks that it gives the same hits).
import type { MatchableDocument } from '../../core/query/document';
import { analyzeText } from '../../core/query/normalize';

export interface PlainDocument {
  readonly titleWords: readonly string[];
  readonly contentWords: readonly string[];
  readonly title: ReadonlySet<string>;
  readonly content: ReadonlySet<string>;
  readonly lang: string;
  readonly sourceTypes: readonly string[];
  readonly flags: readonly string[];
  readonly engagement: number | undefined;
}

export function tokenised(document: MatchableDocument): PlainDocument {
  const titleWords = analyzeText(document.title ?? '').words;
  const contentWords = analyzeText(document.content ?? '').words;
  return {
    titleWords,
    contentWords,
    title: new Set(titleWords),
    content: new Set(contentWords),
    lang: (document.lang || 'en').toLowerCase(),
    sourceTypes: (document.source_type ?? []).map((type) => type.toUpperCase()),
    flags: (document.flags ?? []).map((flag) => flag.toLowerCase()),
    engagement: document.engagement,
  };
}

function has(document: PlainDocument, word: string): boolean {
  return document.title.has(word) || document.content.has(word);
}

function adjacent(words: readonly string[], first: string, second: string): boolean {
  for (let at = words.indexOf(first); at >= 0; at = words.indexOf(first, at + 1))
    if (words[at + 1] === second) return true;
  return false;
}

function phrase(document: PlainDocument, first: string, second: string): boolean {
  return (
    (document.title.has(first) &&
      document.title.has(second) &&
      adjacent(document.titleWords, first, second)) ||
    (document.content.has(first) &&
      document.content.has(second) &&
      adjacent(document.contentWords, first, second))
  );
}

function startsWith(document: PlainDocument, prefix: string): boolean {
  for (const word of document.title) if (word.startsWith(prefix)) return true;
  for (const word of document.content) if (word.startsWith(prefix)) return true;
  return false;
}

/**
 * `(acme OR "acme corp" OR globex OR initech OR hooli) AND (recalls OR lawsuit OR outage OR
 * "rocket skates" OR anvil* OR drone) AND NOT (review OR award) AND (lang:en OR lang:de OR
 * lang:fr) sourcetype:ONLINENEWS -is:retweet engagement:>5`, operand by operand in that order.
 */
export function twentyOperands(document: PlainDocument): boolean {
  return (
    (has(document, 'acme') ||
      phrase(document, 'acme', 'corp') ||
      has(document, 'globex') ||
      has(document, 'initech') ||
      has(document, 'hooli')) &&
    (has(document, 'recalls') ||
      has(document, 'lawsuit') ||
      has(document, 'outage') ||
      phrase(document, 'rocket', 'skates') ||
      startsWith(document, 'anvil') ||
      has(document, 'drone')) &&
    !(has(document, 'review') || has(document, 'award')) &&
    (document.lang === 'en' || document.lang === 'de' || document.lang === 'fr') &&
    document.sourceTypes.some((type) => type === 'ONLINENEWS' || type.startsWith('ONLINENEWS_')) &&
    !document.flags.includes('retweet') &&
    document.engagement !== undefined &&
    document.engagement > 5
  );
}

/** Numbers of the documents the predicate accepts, in increasing order. */
export function plainScan(
  documents: readonly PlainDocument[],
  predicate: (document: PlainDocument) => boolean,
): number[] {
  const hits: number[] = [];
  for (let number = 0; number < documents.length; number++)
    if (predicate(documents[number] as PlainDocument)) hits.push(number);
  return hits;
}
