// Why a result matched, as the results panel shows it under each document: the rule's operands
// that match it (core/query's matcher on the document's fields), its title's matched words, and
// an excerpt of its content around the first matched words. Against the sandbox this is exact;
// against a service it is our reading, and a document in which no operand matches here says so.
import type { Span } from '../query/ast';
import type { MatchableDocument } from '../query/document';
import { parseQuery } from '../query/parser';
import { partsOf, type RuleParts } from './ruleParts';
import { unexplainedMatch, whyMatched } from './whyMatched';
import type { QueryNode } from '../query/ast';

export interface ResultReading {
  /** The matching operands as written in the rule. */
  readonly operands: string[];
  /** Matched words of the title: [start, end) offsets. */
  readonly titleMarks: [number, number][];
  /** Content around the first matched words, with their offsets in it. */
  readonly excerpt?: {
    readonly text: string;
    readonly marks: [number, number][];
  };
  /** Said when no operand matches here (the service's reading differs). */
  readonly unexplained?: string;
}

/** Characters of content kept either side of the first matched words. */
const AROUND = 80;

export interface RuleReader {
  read(document: MatchableDocument): ResultReading;
}

/** A reader for a query, or null when it does not parse (nothing can be said then). */
export function ruleReader(query: string): RuleReader | null {
  const parsed = parseQuery(query);
  if (!parsed.query || parsed.issues.length > 0) return null;
  const tree: QueryNode = parsed.query;
  const parts: RuleParts = partsOf(tree);
  return {
    read(document) {
      const result = whyMatched(tree, parts, document);
      const matched = result.operands.filter((operand) => operand.matched);
      const unexplained = unexplainedMatch(result);
      const title = merged(matched.flatMap((operand) => operand.highlights.title));
      const content = merged(matched.flatMap((operand) => operand.highlights.content));
      const excerpt = excerptOf(document.content ?? '', content);
      return {
        operands: matched.map((operand) => operand.part.text),
        titleMarks: title.map((span) => [span.start, span.end] as [number, number]),
        ...(excerpt ? { excerpt } : {}),
        ...(unexplained === null ? {} : { unexplained }),
      };
    },
  };
}

/** Spans in order, overlapping ones joined. */
function merged(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end)
      out[out.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else out.push({ start: span.start, end: span.end });
  }
  return out;
}

function excerptOf(content: string, spans: readonly Span[]): ResultReading['excerpt'] {
  const first = spans[0];
  if (!first) return undefined;
  const from = Math.max(0, first.start - AROUND);
  const to = Math.min(content.length, first.end + AROUND);
  const lead = from > 0 ? '…' : '';
  const text = `${lead}${content.slice(from, to)}${to < content.length ? '…' : ''}`;
  const marks = spans
    .filter((span) => span.start >= from && span.end <= to)
    .map(
      (span) =>
        [span.start - from + lead.length, span.end - from + lead.length] as [number, number],
    );
  return { text, marks };
}
