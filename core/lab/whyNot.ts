// Why a document does not match a rule ("Why Not?"): which required part failed (the OR list as
// a whole when none of its operands matches, and each other required part it lacks) and which
// exclusions removed it. A pasted piece of text is read as a document with that content.
import type { MatchableDocument } from '../query/document';
import { matches } from '../query/matcher';
import type { RuleParts, RulePart } from './ruleParts';
import { partMatches } from './whyMatched';

export interface WhyNot {
  readonly matches: boolean;
  /** True when none of the OR list's operands matches the document. */
  readonly noOperandMatched: boolean;
  /** The required parts (other than the OR list) that the document does not match. */
  readonly failedRequired: readonly RulePart[];
  /** The exclusions that remove the document: what they exclude is in it. */
  readonly removedBy: readonly RulePart[];
}

export function documentOfText(text: string): MatchableDocument {
  return { title: '', content: text };
}

export function whyNot(parts: RuleParts, document: MatchableDocument): WhyNot {
  const noOperandMatched = !parts.operands.some((part) => partMatches(part, document));
  const failedRequired = parts.required.filter((part) => !partMatches(part, document));
  const removedBy = parts.exclusions.filter((part) =>
    part.nodes.some((node) => !matches(node, document)),
  );
  return {
    matches: !noOperandMatched && failedRequired.length === 0 && removedBy.length === 0,
    noOperandMatched,
    failedRequired,
    removedBy,
  };
}
