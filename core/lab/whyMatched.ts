// Why a document matched a rule: which of the rule's operands match it, each with the words it
// matched in the title and content (offset ranges, to highlight), as core/query's matcher
// evaluates the rule on the document's fields. Against the sandbox this is exact; a service's
// tokenisation or fields may differ, and a returned document in which no operand matches here
// must say so rather than show nothing.
import type { QueryNode, Span } from '../query/ast';
import type { MatchableDocument } from '../query/document';
import { matchedWordSpans, matches } from '../query/matcher';
import type { RuleParts, RulePart } from './ruleParts';

export interface Highlights {
  readonly title: readonly Span[];
  readonly content: readonly Span[];
}

export interface OperandMatch {
  readonly part: RulePart;
  readonly matched: boolean;
  /** Empty when the operand does not match, or matches on fields other than title and content. */
  readonly highlights: Highlights;
}

export interface WhyMatched {
  /** Whether the whole rule matches the document, here. */
  readonly matches: boolean;
  readonly operands: readonly OperandMatch[];
}

const NO_HIGHLIGHTS: Highlights = { title: [], content: [] };

/** Whether a document matches every node of a part. */
export function partMatches(part: RulePart, document: MatchableDocument): boolean {
  return part.nodes.every((node) => matches(node, document));
}

function highlightsOf(nodes: readonly QueryNode[], document: MatchableDocument): Highlights {
  const title: Span[] = [];
  const content: Span[] = [];
  for (const node of nodes) {
    const spans = matchedWordSpans(node, document);
    title.push(...spans.title);
    content.push(...spans.content);
  }
  const byStart = (a: Span, b: Span) => a.start - b.start;
  return { title: title.sort(byStart), content: content.sort(byStart) };
}

export function whyMatched(
  query: QueryNode,
  parts: RuleParts,
  document: MatchableDocument,
): WhyMatched {
  return {
    matches: matches(query, document),
    operands: parts.operands.map((part) => {
      const matched = partMatches(part, document);
      return {
        part,
        matched,
        highlights: matched ? highlightsOf(part.nodes, document) : NO_HIGHLIGHTS,
      };
    }),
  };
}

/**
 * What to say of a document the service returned for the rule, when no operand matches it here:
 * null when one does.
 */
export function unexplainedMatch(result: WhyMatched): string | null {
  if (result.operands.some((operand) => operand.matched)) return null;
  return "the service returned this document, but none of the rule's operands matches it here: the service's tokenisation or fields differ from this reading";
}
