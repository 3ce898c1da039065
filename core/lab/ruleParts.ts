// The parts of a rule that the query lab explains one by one: the operands of its top-level OR
// list, the other parts every match needs, and its exclusions (`AND NOT …`, `-term`). Each part
// keeps where it is written (to put a count beside it) and the query it stands for on its own
// (to count it, or to count the rule without it).
//
// The shape read: the rule's tree, groups around the whole unwrapped, is an AND of conjuncts (or
// one conjunct). Negated conjuncts are the exclusions; of the others, the one that is an OR list
// (the longest, when several are) gives the operands, and the rest are required of every match.
// With no OR list, the positive conjuncts together are the one operand: they only match together.
import type { NotNode, OrNode, QueryNode, Span } from '../query/ast';
import { printFlat } from '../query/format/flat';

export type PartKind = 'operand' | 'required' | 'exclusion';

export interface RulePart {
  readonly kind: PartKind;
  /** Where the part is written: document offsets, as every span of the tree. */
  readonly span: Span;
  /** The part as a query of its own: one line, canonical spacing, no comments. */
  readonly text: string;
  /** What the part is made of; a document must match all of them (one, but for a joint operand). */
  readonly nodes: readonly QueryNode[];
}

export interface RuleParts {
  readonly operands: readonly RulePart[];
  readonly required: readonly RulePart[];
  readonly exclusions: readonly RulePart[];
}

/** The node inside any parentheses around it (a loop: the parser bounds nesting, not this). */
export function unwrapped(node: QueryNode): QueryNode {
  let current = node;
  while (current.kind === 'group' && current.expression) current = current.expression;
  return current;
}

function partOf(kind: PartKind, nodes: readonly QueryNode[]): RulePart {
  const first = nodes[0] as QueryNode;
  const last = nodes[nodes.length - 1] as QueryNode;
  return {
    kind,
    span: { start: first.span.start, end: last.span.end },
    text: nodes.map((node) => printFlat(node)).join(' AND '),
    nodes,
  };
}

const isExclusion = (node: QueryNode): node is NotNode => node.kind === 'not';

/** The index of the conjunct that is the longest OR list, or -1 when none is one. */
function orListIndex(conjuncts: readonly QueryNode[]): number {
  let found = -1;
  let longest = 0;
  conjuncts.forEach((conjunct, index) => {
    const inner = unwrapped(conjunct);
    if (inner.kind === 'or' && inner.operands.length > longest) {
      found = index;
      longest = inner.operands.length;
    }
  });
  return found;
}

export function partsOf(query: QueryNode): RuleParts {
  const root = unwrapped(query);
  const conjuncts = root.kind === 'and' ? root.operands : [root];
  const positives = conjuncts.filter((node) => !isExclusion(node));
  // `NOT x` alone matches everything but x: without a positive part there is nothing to take
  // an exclusion out of, so the query is explained as a whole.
  if (positives.length === 0)
    return { operands: [partOf('operand', [query])], required: [], exclusions: [] };
  const exclusions = conjuncts.filter(isExclusion).map((node) => partOf('exclusion', [node]));
  const index = orListIndex(positives);
  if (index < 0) return { operands: [partOf('operand', positives)], required: [], exclusions };
  const list = unwrapped(positives[index] as QueryNode) as OrNode;
  return {
    operands: list.operands.map((node) => partOf('operand', [node])),
    required: positives
      .filter((_, other) => other !== index)
      .map((node) => partOf('required', [node])),
    exclusions,
  };
}
