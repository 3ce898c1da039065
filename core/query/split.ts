// The rule splitter (spec §3, `mmq split`, the language server's quick fix). A stream's rules are
// ORed, so a rule over the operand limit can be replaced by several rules whose OR matches
// exactly what it matched. `split(q, budget)` returns pieces p1 … pn with
//   p1 OR … OR pn  ≡  q   and   operands(pi) ≤ budget,
// built only from these identities (each holds for the matcher in matcher.ts too):
//
//   (R1) a node within the budget is its own piece;
//   (R2) parentheses change nothing:                 split((x)) = split(x);
//   (R3) OR is associative and commutative:          the pieces of the operands of an OR, packed
//        into bins of at most `budget` operands, one piece per bin (first fit, in order, into
//        bins of an even share of the operands: see pack);
//   (R4) AND distributes over OR:                    x1 AND … AND xk with xi ≡ OR(Pi) is the OR,
//        over every choice of one piece per Pi, of the ANDs of the chosen pieces. Operands that
//        are not divided keep Pi = {xi}. Dividing operands i ∈ D with budgets bi, the pieces
//        have  Σ_{j∉D} operands(xj) + Σ_{i∈D} bi ≤ budget  operands;
//   (R5) proximity distributes over its OR-groups:   (a OR b) NEAR/3 c ≡ (a NEAR/3 c) OR
//        (b NEAR/3 c), since it matches when some hit of one side is near some hit of the other
//        (matcher.ts, proximityMatches), so (R4) applies to its two sides.
//
// A negation cannot be divided: NOT (a OR b) is NOT a AND NOT b, an AND, so every piece has to
// hold the whole negated part. Where the parts every piece must hold already exceed the budget,
// or dividing would take more than MAX_RULES rules, no split is offered and the reason says why.
import { counted } from '../plural';
import type { AndNode, GroupNode, MmqFile, ProximityNode, QueryNode, Rule, Span } from './ast';
import { commentsIn } from './commentsIn';
import { OPERAND_LIMIT, type TextEdit } from './diagnostic';
import { parseFile } from './file';
import { formatFile } from './formatter';
import { printFlat } from './format/flat';
import { proximityImage } from './format/units';
import { lineBreakOf, lineStartOf } from './format/lineText';
import { countOperands } from './operands';
import { children } from './walk';

export type SplitResult =
  { ok: true; rules: { id: string; query: string }[] } | { ok: false; reason: string };

export type SplitFileResult =
  { ok: true; text: string } | { ok: false; rule: string; reason: string };

/** More rules than this from one rule is not a rewrite anyone wants: say so instead. */
export const MAX_RULES = 100;

type Outcome =
  | { readonly ok: true; readonly pieces: readonly QueryNode[] }
  | { readonly ok: false; readonly reason: string; readonly rules?: number };

// ---- Building pieces. Built trees are printed, never located: their spans are placeholders. ----

const NOWHERE: Span = { start: 0, end: 0 };

function parenthesised(node: QueryNode): GroupNode {
  return { kind: 'group', span: NOWHERE, expression: node, closed: true };
}

/** The OR of pieces; an AND among them gets parentheses, so the rule reads as it parses. */
function orOf(items: readonly QueryNode[]): QueryNode {
  if (items.length === 1) return items[0] as QueryNode;
  const operands = items.flatMap((item) =>
    item.kind === 'or' ? item.operands : [item.kind === 'and' ? parenthesised(item) : item],
  );
  return { kind: 'or', span: NOWHERE, operands, operators: operands.slice(1).map(() => NOWHERE) };
}

/** The AND of `node`'s operands with some replaced, each keeping the operator written before it. */
function andOf(node: AndNode, operands: readonly QueryNode[]): QueryNode {
  const flat: QueryNode[] = [];
  const operators: (Span | null)[] = [];
  operands.forEach((operand, index) => {
    if (index > 0) operators.push(node.operators[index - 1] ?? null);
    if (operand.kind === 'and') {
      for (const inner of operand.operands) flat.push(inner);
      for (const operator of operand.operators) operators.push(operator);
    } else {
      flat.push(operand.kind === 'or' ? parenthesised(operand) : operand);
    }
  });
  if (flat.length === 1) return flat[0] as QueryNode;
  return { kind: 'and', span: NOWHERE, operands: flat, operators };
}

function proximityOf(node: ProximityNode, [left, right]: readonly QueryNode[]): QueryNode {
  const side = (operand: QueryNode): QueryNode =>
    operand.kind === 'or' ? parenthesised(operand) : operand;
  return { ...node, left: side(left ?? node.left), right: side(right ?? node.right) };
}

/**
 * Operand counts, remembered per node: the splitter asks for the size of every part at every
 * level, which counting afresh would make quadratic in the depth. Recursion follows the tree's
 * height, which the parser bounds (NESTING_LIMIT).
 */
const sizes = new WeakMap<QueryNode, number>();

function sizeOf(node: QueryNode): number {
  let size = sizes.get(node);
  if (size === undefined) {
    size =
      node.kind === 'term' || node.kind === 'phrase' || node.kind === 'field'
        ? 1
        : children(node).reduce((sum, child) => sum + sizeOf(child), 0);
    sizes.set(node, size);
  }
  return size;
}

interface Sized {
  readonly piece: QueryNode;
  readonly size: number;
}

/**
 * First fit into bins, the i-th holding at most `capacity(i)` operands, keeping the pieces in
 * their order within each bin. A piece larger than every open bin's room (never larger than the
 * budget) opens a bin of its own.
 */
function firstFit(pieces: readonly Sized[], capacity: (bin: number) => number): QueryNode[][] {
  const bins: { items: QueryNode[]; size: number }[] = [];
  for (const { piece, size } of pieces) {
    const bin = bins.find((candidate, index) => candidate.size + size <= capacity(index));
    if (bin) {
      bin.items.push(piece);
      bin.size += size;
    } else {
      bins.push({ items: [piece], size });
    }
  }
  return bins.map((bin) => bin.items);
}

/**
 * (R3), with the operands spread evenly: the n operands over k = ⌈n / budget⌉ bins, each bin's
 * size its even share (⌊n / k⌋ or ⌈n / k⌉), by first fit; the shares grown towards the budget
 * only while they take more bins than first fit at the budget does. So 60 operands become 30 + 30,
 * not 50 + 10 (whose 50 would at once be near-limit), and balance never costs a rule.
 */
function pack(pieces: readonly QueryNode[], budget: number): QueryNode[] {
  const sized = pieces.map((piece) => ({ piece, size: sizeOf(piece) }));
  const total = sized.reduce((sum, { size }) => sum + size, 0);
  const fewest = firstFit(sized, () => budget);
  const bins = Math.ceil(total / budget);
  const even = Math.floor(total / bins);
  const share = (bin: number) => even + (bin < total % bins ? 1 : 0);
  // At the last growth every bin holds the budget: first fit then takes `fewest` bins.
  for (let growth = 0; even + growth <= budget; growth++) {
    const packed = firstFit(sized, (bin) => Math.min(budget, share(bin) + growth));
    if (packed.length <= fewest.length) return packed.map(orOf);
  }
  return fewest.map(orOf);
}

// ---- Messages ----

function quote(node: QueryNode): string {
  const text = printFlat(node);
  if (text.length <= 40) return `\`${text}\``;
  const cut = text.lastIndexOf(' ', 36);
  return `\`${text.slice(0, cut > 10 ? cut : 36)} …\``;
}

/** `a, b and c` */
function listedWords(items: readonly (string | number)[]): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

function operands(count: number): string {
  return counted(count, 'operand');
}

const NEGATION_NOTE =
  'a negation cannot be divided among rules, since NOT (a OR b) means NOT a AND NOT b';

function overBudget(budget: number, limit: number): string {
  return budget === limit
    ? `over the limit of ${limit}`
    : `more than the ${budget} left for this part in each rule`;
}

function unwrap(node: QueryNode): QueryNode {
  return node.kind === 'group' && node.expression ? unwrap(node.expression) : node;
}

/** Whether dividing the node into OR pieces can make it smaller. */
function divisible(node: QueryNode): boolean {
  const inner = unwrap(node);
  return inner.kind === 'or' || inner.kind === 'and' || inner.kind === 'proximity';
}

// ---- Splitting ----

/**
 * Of two failures, the one closer to a split: one that only takes too many rules (the fewest),
 * else the first found, which comes from the most promising plan.
 */
function closer(known: Outcome | null, found: Outcome): Outcome {
  if (!known || known.ok) return found;
  if (found.ok || found.rules === undefined) return known;
  return known.rules === undefined || found.rules < known.rules ? found : known;
}

/** An AND or a proximity: parts combined, which (R4)/(R5) distribute over the parts' pieces. */
interface Product {
  readonly parts: readonly QueryNode[];
  readonly combine: (chosen: readonly QueryNode[]) => QueryNode;
  /** What messages call the parts: `the ANDed parts`, `the sides of NEAR/3`. */
  readonly name: string;
}

interface Plan {
  /** Budget of each divided operand, by index. */
  readonly budgets: ReadonlyMap<number, number>;
}

class Splitter {
  private readonly memo = new Map<QueryNode, Map<number, Outcome>>();

  constructor(private readonly limit: number) {}

  split(node: QueryNode, budget: number): Outcome {
    if (sizeOf(node) <= budget) return { ok: true, pieces: [node] };
    const known = this.memo.get(node)?.get(budget);
    if (known) return known;
    const outcome = this.divide(node, budget);
    const byBudget = this.memo.get(node) ?? new Map<number, Outcome>();
    byBudget.set(budget, outcome);
    this.memo.set(node, byBudget);
    return outcome;
  }

  private divide(node: QueryNode, budget: number): Outcome {
    switch (node.kind) {
      case 'group':
        return node.expression
          ? this.split(node.expression, budget)
          : { ok: false, reason: 'empty parentheses' };
      case 'or': {
        const pieces: QueryNode[] = [];
        for (const operand of node.operands) {
          const outcome = this.split(operand, budget);
          if (!outcome.ok) return outcome;
          for (const piece of outcome.pieces) pieces.push(piece);
        }
        return { ok: true, pieces: pack(pieces, budget) };
      }
      case 'and':
        return this.distribute(
          {
            parts: node.operands,
            combine: (chosen) => andOf(node, chosen),
            name: 'the ANDed parts',
          },
          budget,
        );
      case 'proximity':
        return this.distribute(
          {
            parts: [node.left, node.right],
            combine: (chosen) => proximityOf(node, chosen),
            name: `the sides of ${proximityImage(node, null)}`,
          },
          budget,
        );
      case 'not':
        return {
          ok: false,
          reason: `${quote(node)} negates ${operands(sizeOf(node))}, ${overBudget(budget, this.limit)}; ${NEGATION_NOTE}`,
        };
      default:
        return { ok: false, reason: `${quote(node)} cannot be divided` };
    }
  }

  /** (R4)/(R5): the plan giving the fewest rules, or why there is none. */
  private distribute(product: Product, budget: number): Outcome {
    const { parts } = product;
    const counts = parts.map(sizeOf);
    const candidates = parts
      .map((part, index) => index)
      .filter((index) => divisible(parts[index] as QueryNode))
      .sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0));
    const divided = new Set(candidates);
    const fixed = counts.reduce((sum, count, index) => (divided.has(index) ? sum : sum + count), 0);
    // Every piece holds the fixed parts whole and at least one operand of each divisible part.
    if (fixed + candidates.length > budget)
      return { ok: false, reason: this.noRoom(parts, counts, candidates, budget) };
    let best: readonly QueryNode[] | null = null;
    let failure: Outcome | null = null;
    for (const plans of this.plans(counts, candidates, budget)) {
      for (const plan of plans) {
        const outcome = this.apply(product, plan);
        if (outcome.ok && (!best || outcome.pieces.length < best.length)) best = outcome.pieces;
        if (!outcome.ok) failure = closer(failure, outcome);
      }
      // Dividing fewer parts multiplies fewer pieces: stop at the first count of parts that works.
      if (best) return { ok: true, pieces: best };
    }
    return failure ?? { ok: false, reason: this.noRoom(parts, counts, candidates, budget) };
  }

  /**
   * Plans by number of divided parts: each divisible part alone (with all the room the others
   * leave); the two largest with every way of sharing the room; then the k largest sharing it
   * evenly.
   */
  private *plans(
    counts: readonly number[],
    candidates: readonly number[],
    budget: number,
  ): Generator<Plan[]> {
    const total = counts.reduce((sum, count) => sum + count, 0);
    const roomFor = (divided: readonly number[]): number =>
      budget - total + divided.reduce((sum, index) => sum + (counts[index] ?? 0), 0);
    yield candidates
      .filter((index) => roomFor([index]) >= 1)
      .map((index) => ({ budgets: new Map([[index, roomFor([index])]]) }));
    const [first, second] = candidates;
    if (first === undefined || second === undefined) return;
    const room = roomFor([first, second]);
    yield Array.from({ length: Math.max(0, room - 1) }, (_, index) => ({
      budgets: new Map([
        [first, index + 1],
        [second, room - index - 1],
      ]),
    }));
    for (let k = 3; k <= candidates.length; k++) {
      const divided = candidates.slice(0, k);
      const shared = roomFor(divided);
      if (shared < k) return;
      yield [
        {
          budgets: new Map(
            divided.map((index, rank) => [
              index,
              Math.floor(shared / k) + (rank < shared % k ? 1 : 0),
            ]),
          ),
        },
      ];
    }
  }

  private apply({ parts, combine, name }: Product, plan: Plan): Outcome {
    const choices: (readonly QueryNode[])[] = [];
    let rules = 1;
    for (const [index, part] of parts.entries()) {
      const budget = plan.budgets.get(index);
      if (budget === undefined) {
        choices.push([part]);
        continue;
      }
      const outcome = this.split(part, budget);
      if (!outcome.ok) return outcome;
      choices.push(outcome.pieces);
      rules *= outcome.pieces.length;
    }
    if (rules > MAX_RULES) {
      return {
        ok: false,
        rules,
        reason: `dividing ${name} of ${listedWords(parts.map(sizeOf))} operands into rules of at most ${this.limit} operands would take ${rules} rules, more than ${MAX_RULES}: shorten the query`,
      };
    }
    let products: QueryNode[][] = [[]];
    for (const pieces of choices)
      products = products.flatMap((chosen) => pieces.map((piece) => [...chosen, piece]));
    return { ok: true, pieces: products.map(combine) };
  }

  private noRoom(
    parts: readonly QueryNode[],
    counts: readonly number[],
    candidates: readonly number[],
    budget: number,
  ): string {
    const divided = new Set(candidates);
    const whole = parts
      .map((part, index) => ({ part, count: counts[index] ?? 0, index }))
      .filter(({ index }) => !divided.has(index))
      .sort((a, b) => b.count - a.count);
    const fixed = whole.reduce((sum, { count }) => sum + count, 0);
    const over = overBudget(budget, this.limit);
    if (candidates.length === 0 && whole.every(({ count }) => count === 1))
      return `these ${fixed} ANDed operands have no OR to divide among rules: every rule would need all of them, ${over}`;
    const named = whole.slice(0, 2).map(({ part, count }) => `${quote(part)} (${operands(count)})`);
    const others = whole.slice(2).reduce((sum, { count }) => sum + count, 0);
    if (others > 0) named.push(`${operands(others)} more`);
    const plus =
      candidates.length === 0
        ? ''
        : `, plus at least one operand of each of the ${candidates.length === 1 ? 'part' : `${candidates.length} parts`} that could be divided`;
    const negated = whole.some(({ part }) => unwrap(part).kind === 'not');
    return (
      `every rule would have to hold ${listedWords(named)} whole${plus}: at least ${fixed + candidates.length} operands, ${over}` +
      (negated ? `; ${NEGATION_NOTE}` : '')
    );
  }
}

// ---- Rules ----

/** `<id>-1`, `<id>-2`, …, skipping ids already taken; cut to stay a valid id of 128 characters. */
function pieceIds(id: string, count: number, taken: Set<string>): string[] {
  // A file name gives the id of a header-less rule, and may hold what an id may not.
  const cleaned = id.replace(/[^A-Za-z0-9_.-]/g, '-');
  const base = /^[A-Za-z0-9]/.test(cleaned) ? cleaned : `rule${cleaned ? `-${cleaned}` : ''}`;
  const ids: string[] = [];
  for (let number = 1; ids.length < count; number++) {
    const suffix = `-${number}`;
    const candidate = base.slice(0, 128 - suffix.length) + suffix;
    if (taken.has(candidate)) continue;
    taken.add(candidate);
    ids.push(candidate);
  }
  return ids;
}

function splitAvoiding(rule: Rule, limit: number, taken: Set<string>): SplitResult {
  const query = rule.parsed.query;
  const count = countOperands(query);
  if (!query || count <= limit)
    return { ok: true, rules: [{ id: rule.id, query: rule.queryText }] };
  if (rule.parsed.issues.length > 0)
    return { ok: false, reason: 'the rule has syntax errors: fix them first' };
  // Every operand lands in some piece, so no split takes fewer rules than this; a rule too large
  // for any split is said to be so at once, without searching (its size is not bounded).
  const fewest = Math.ceil(count / limit);
  if (fewest > MAX_RULES)
    return {
      ok: false,
      reason: `it has ${operands(count)} (limit ${limit}), and dividing it would take at least ${fewest} rules, more than ${MAX_RULES}: shorten the query`,
    };
  const outcome = new Splitter(limit).split(query, limit);
  if (!outcome.ok)
    return {
      ok: false,
      reason: `it has ${operands(count)} (limit ${limit}), and ${outcome.reason}`,
    };
  if (outcome.pieces.length > MAX_RULES)
    return {
      ok: false,
      reason: `it has ${operands(count)} (limit ${limit}), and dividing it would take ${outcome.pieces.length} rules, more than ${MAX_RULES}: shorten the query`,
    };
  const ids = pieceIds(rule.id, outcome.pieces.length, taken);
  return {
    ok: true,
    rules: outcome.pieces.map((piece, index) => ({
      id: ids[index] ?? `${rule.id}-${index + 1}`,
      query: printFlat(piece),
    })),
  };
}

/**
 * Rules of at most `limit` operands whose OR matches exactly what `rule` matches: the rule itself
 * when it is within the limit, else `<id>-1`, `<id>-2`, …; or why no such rules exist.
 */
export function splitRule(rule: Rule, limit = OPERAND_LIMIT): SplitResult {
  return splitAvoiding(rule, limit, new Set([rule.id]));
}

// ---- Files ----

export type RuleSplitEdit =
  { ok: true; edit: TextEdit; count: number; ids: string[] } | { ok: false; reason: string };

/** Where the line holding `offset` ends (before its line break). */
function lineEndOf(text: string, offset: number): number {
  const match = /\r\n|\r|\n/.exec(text.slice(offset));
  return match ? offset + match.index : text.length;
}

/**
 * The edit replacing `rule` by its pieces (formatted, one blank line apart), for `mmq split` and
 * the language server's quick fix. It runs from the rule's header (or, for a file without
 * headers, its first query line) to the end of its last query line: the comments in it are kept
 * above the first piece (the header's own comment on every piece's header), and what follows the
 * query (trailing comments, blank lines) stays after the last piece. `taken`: ids in use.
 */
export function ruleSplitEdit(
  file: MmqFile,
  rule: Rule,
  limit = OPERAND_LIMIT,
  taken: ReadonlySet<string> = new Set(file.rules.map((each) => each.id)),
): RuleSplitEdit {
  const query = rule.parsed.query;
  const count = countOperands(query);
  if (!query || count <= limit)
    return { ok: false, reason: `it has ${operands(count)}, within the limit of ${limit}` };
  const result = splitAvoiding(rule, limit, new Set(taken));
  if (!result.ok) return result;
  const { text } = file;
  const lineBreak = lineBreakOf(text);
  const start = lineStartOf(text, rule.headerSpan?.start ?? query.span.start);
  const end = lineEndOf(text, query.span.end);
  const headerEnd = rule.headerSpan?.end ?? start;
  const comments = commentsIn(file.comments, start, end);
  const headerComment = comments.find(({ span }) => span.start < headerEnd);
  const bodyComments = comments
    .filter((comment) => comment !== headerComment)
    .map(({ span }) => text.slice(span.start, span.end).trimEnd());
  const suffix = headerComment
    ? ` ${text.slice(headerComment.span.start, headerComment.span.end).trimEnd()}`
    : '';
  const pieces: string[] = [];
  for (const [index, piece] of result.rules.entries()) {
    const lines = [`### ${piece.id}${suffix}`, ...(index === 0 ? bodyComments : []), piece.query];
    const written = writePiece(lines, piece);
    if (written === null)
      return {
        ok: false,
        reason: `its piece \`${piece.query.slice(0, 40)}\` cannot be written as a rule`,
      };
    pieces.push(written.split('\n').join(lineBreak));
  }
  return {
    ok: true,
    edit: { span: { start, end }, newText: pieces.join(lineBreak + lineBreak) },
    count: pieces.length,
    ids: result.rules.map((piece) => piece.id),
  };
}

/**
 * A piece as rule text, formatted; checked by parsing it again, since a piece starting with a
 * term such as `###x` would read as a header. Null when even the plain text does not read back.
 */
function writePiece(lines: readonly string[], piece: { id: string; query: string }): string | null {
  const plain = `${lines.join('\n')}\n`;
  for (const candidate of [formatFile(plain, 'piece.mmq'), plain]) {
    const [rule, ...others] = parseFile(candidate, 'piece.mmq').rules;
    if (
      rule &&
      others.length === 0 &&
      rule.id === piece.id &&
      rule.parsed.issues.length === 0 &&
      rule.queryText.replace(/\s+/g, '') === piece.query.replace(/\s+/g, '')
    )
      return candidate.trimEnd();
  }
  return null;
}

/**
 * The file with every rule over the limit replaced by its pieces (see ruleSplitEdit), everything
 * else as it is; or the first rule that cannot be split, and why.
 */
export function splitFile(text: string, fileName: string, limit = OPERAND_LIMIT): SplitFileResult {
  const file = parseFile(text, fileName);
  const taken = new Set(file.rules.map((rule) => rule.id));
  let output = '';
  let cursor = 0;
  for (const rule of file.rules) {
    if (countOperands(rule.parsed.query) <= limit) continue;
    const result = ruleSplitEdit(file, rule, limit, taken);
    if (!result.ok) return { ok: false, rule: rule.id, reason: result.reason };
    for (const id of result.ids) taken.add(id);
    output += text.slice(cursor, result.edit.span.start) + result.edit.newText;
    cursor = result.edit.span.end;
  }
  return { ok: true, text: output + text.slice(cursor) };
}
