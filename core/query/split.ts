// The rule splitter (spec §3): a stream's rules are ORed, so a rule over the operand limit can be
// replaced by several rules whose OR matches exactly what it matched. Every rewrite below is an
// identity of Boolean algebra, applied only where it holds for the matcher too:
//
//   OR is associative:          A OR B OR C OR D   =  (A OR B) OR (C OR D)
//   AND distributes over OR:    X AND (A OR B)     =  (X AND A) OR (X AND B)
//   and over several ORs:       (A OR B) AND (C OR D) = the OR of the four products
//   proximity over OR-groups:   (A OR B) NEAR/3 C  =  (A NEAR/3 C) OR (B NEAR/3 C)
//
// A negation cannot be divided: NOT (A OR B) is NOT A AND NOT B, an AND, so every piece would have
// to carry the whole negated group. Where the parts every piece must repeat already exceed the
// limit, no split exists and the result says why.
import type { MmqFile, QueryNode, Rule } from './ast';
import { OPERAND_LIMIT, type TextEdit } from './diagnostic';
import { parseFile } from './file';
import { countOperands } from './operands';
import { printQuery, proximityText } from './print';

/** A piece of a split: its text and its operand count. */
interface Piece {
  readonly text: string;
  readonly count: number;
  /** Whether the text is an OR, AND or proximity at its top, so needs parentheses inside another. */
  readonly compound: boolean;
}

export type SplitResult =
  { ok: true; rules: { id: string; query: string }[] } | { ok: false; reason: string };

/** At most this many rules from one rule: more is a sign the split is not what the user wants. */
const MAX_PIECES = 200;

class CannotSplit extends Error {}

function unwrap(node: QueryNode): QueryNode {
  let current = node;
  while (current.kind === 'group' && current.expression) current = current.expression;
  return current;
}

function whole(node: QueryNode): Piece {
  const inner = unwrap(node);
  return {
    text: printQuery(node),
    count: countOperands(node),
    compound:
      node.kind !== 'group' &&
      (inner.kind === 'or' || inner.kind === 'and' || inner.kind === 'proximity'),
  };
}

function wrapped(piece: Piece): string {
  return piece.compound ? `(${piece.text})` : piece.text;
}

/** OR pieces packed greedily, in order, into as few bins of at most `budget` operands as it takes. */
function packOr(pieces: readonly Piece[], budget: number): Piece[] {
  const bins: Piece[][] = [];
  let current: Piece[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (size + piece.count > budget && current.length > 0) {
      bins.push(current);
      current = [];
      size = 0;
    }
    current.push(piece);
    size += piece.count;
  }
  if (current.length > 0) bins.push(current);
  return bins.map((bin) =>
    bin.length === 1
      ? (bin[0] as Piece)
      : {
          // AND pieces inside an OR get parentheses, so the result reads as it parses.
          text: bin
            .map((piece) =>
              piece.compound && !piece.text.includes(' OR ') ? `(${piece.text})` : wrapped(piece),
            )
            .join(' OR '),
          count: bin.reduce((sum, piece) => sum + piece.count, 0),
          compound: true,
        },
  );
}

function excerpt(node: QueryNode): string {
  const text = printQuery(node);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Pieces, each of at most `budget` operands, whose OR is equivalent to `node`. */
function splitNode(node: QueryNode, budget: number): Piece[] {
  if (countOperands(node) <= budget) return [whole(node)];
  const inner = unwrap(node);
  switch (inner.kind) {
    case 'or':
      return packOr(
        inner.operands.flatMap((operand) => splitNode(operand, budget)),
        budget,
      );
    case 'and':
      return splitProduct(
        inner.operands,
        inner.operators.map((operator) => (operator ? ' AND ' : ' ')),
        budget,
      );
    case 'proximity':
      return splitProduct([inner.left, inner.right], [` ${proximityText(inner)} `], budget);
    case 'not':
      throw new CannotSplit(
        `\`${excerpt(inner)}\` negates ${countOperands(inner)} operands, over the limit of ${budget}; a negated group cannot be divided, since NOT (a OR b) means NOT a AND NOT b`,
      );
    default:
      throw new CannotSplit(`\`${excerpt(inner)}\` cannot be divided`);
  }
}

/** Whether an operand of an AND (or proximity) can be divided into OR pieces. */
function divisible(node: QueryNode): boolean {
  const inner = unwrap(node);
  return inner.kind === 'or' || inner.kind === 'and' || inner.kind === 'proximity';
}

/**
 * Distributes an AND (or a proximity) over the OR pieces of its largest operands: the k largest
 * divisible operands are divided, with the budget left by the others shared among them, trying
 * k = 1, 2, … until every piece fits.
 */
function splitProduct(
  operands: readonly QueryNode[],
  joiners: readonly string[],
  budget: number,
): Piece[] {
  const counts = operands.map(countOperands);
  const candidates = operands
    .map((operand, index) => ({ operand, index, count: counts[index] ?? 0 }))
    .filter((candidate) => divisible(candidate.operand))
    .sort((a, b) => b.count - a.count);
  let lastReason = '';
  for (let k = 1; k <= candidates.length; k++) {
    const divided = new Set(candidates.slice(0, k).map((candidate) => candidate.index));
    const fixed = counts.reduce((sum, count, index) => (divided.has(index) ? sum : sum + count), 0);
    const share = Math.floor((budget - fixed) / k);
    if (share < 1) {
      lastReason = `the parts every piece must repeat already hold ${fixed} operands, leaving no room under the limit of ${budget}`;
      continue;
    }
    try {
      const choices = operands.map((operand, index) =>
        divided.has(index) ? splitNode(operand, share) : [whole(operand)],
      );
      const total = choices.reduce((product, pieces) => product * pieces.length, 1);
      if (total > MAX_PIECES)
        throw new CannotSplit(`it would take ${total} rules (more than ${MAX_PIECES})`);
      return product(choices, joiners);
    } catch (error: unknown) {
      if (!(error instanceof CannotSplit)) throw error;
      lastReason = error.message;
    }
  }
  if (candidates.length === 0) {
    const fixed = counts.reduce((sum, count) => sum + count, 0);
    const negated = operands.find(
      (operand) => unwrap(operand).kind === 'not' && countOperands(operand) > 1,
    );
    lastReason = negated
      ? `every piece would have to repeat \`${excerpt(negated)}\` (${countOperands(negated)} operands) and the rest: ${fixed} operands, over the limit of ${budget}; a negated group cannot be divided, since NOT (a OR b) means NOT a AND NOT b`
      : `its ${fixed} operands are ANDed with no OR to divide`;
  }
  throw new CannotSplit(lastReason);
}

function product(choices: readonly Piece[][], joiners: readonly string[]): Piece[] {
  let results: Piece[] = [{ text: '', count: 0, compound: false }];
  choices.forEach((pieces, index) => {
    const joiner = index === 0 ? '' : (joiners[index - 1] ?? ' AND ');
    results = results.flatMap((prefix) =>
      pieces.map((piece) => ({
        // A piece joined by AND needs parentheses when it is itself an OR.
        text:
          prefix.text +
          joiner +
          (piece.compound && choices.length > 1 ? `(${piece.text})` : piece.text),
        count: prefix.count + piece.count,
        compound: true,
      })),
    );
  });
  return results;
}

export function splitRule(
  rule: Rule,
  limit = OPERAND_LIMIT,
  takenIds: ReadonlySet<string> = new Set(),
): SplitResult {
  if (rule.parsed.issues.length > 0)
    return { ok: false, reason: 'the rule has syntax errors; fix them first' };
  const query = rule.parsed.query;
  if (!query) return { ok: false, reason: 'the rule is empty' };
  try {
    const pieces = splitNode(query, limit);
    const ids = pieceIds(rule.id, pieces.length, takenIds);
    return {
      ok: true,
      rules: pieces.map((piece, index) => ({
        id: ids[index] ?? `${rule.id}-${index + 1}`,
        query: piece.text,
      })),
    };
  } catch (error: unknown) {
    if (error instanceof CannotSplit) return { ok: false, reason: error.message };
    throw error;
  }
}

/** `<id>-1`, `<id>-2`, …; `<id>-split-1`, … when those ids are taken in the file. */
function pieceIds(id: string, count: number, taken: ReadonlySet<string>): string[] {
  for (let attempt = 0; ; attempt++) {
    const stem = attempt === 0 ? id : `${id}-split${attempt === 1 ? '' : attempt}`;
    const ids = Array.from({ length: count }, (_, index) => `${stem}-${index + 1}`);
    if (ids.every((candidate) => !taken.has(candidate))) return ids;
  }
}

export type SplitFileResult =
  { ok: true; text: string } | { ok: false; rule: string; reason: string };

export type RuleSplitEdit =
  { ok: true; edit: TextEdit; count: number } | { ok: false; reason: string };

/**
 * The edit that replaces a rule (header through its last non-blank line) by its split rules. The
 * rule's comments go above the first piece's query, so nothing written is lost.
 */
export function ruleSplitEdit(
  file: MmqFile,
  rule: Rule,
  limit = OPERAND_LIMIT,
  taken: ReadonlySet<string> = new Set(file.rules.map((each) => each.id)),
): RuleSplitEdit {
  const result = splitRule(rule, limit, taken);
  if (!result.ok) return result;
  const text = file.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const start =
    rule.headerSpan?.start ??
    lineStart(text, rule.parsed.tokens[0]?.span.start ?? rule.bodySpan.start);
  const end = Math.max(
    start,
    rule.bodySpan.start + text.slice(rule.bodySpan.start, rule.bodySpan.end).trimEnd().length,
  );
  const comments = file.comments
    .filter((comment) => comment.span.start >= start && comment.span.end <= end)
    .map((comment) => text.slice(comment.span.start, comment.span.end));
  const newText = result.rules
    .map((piece, index) =>
      [`### ${piece.id}`, ...(index === 0 ? comments : []), piece.query].join(newline),
    )
    .join(newline + newline);
  return { ok: true, edit: { span: { start, end }, newText }, count: result.rules.length };
}

export function splitFile(text: string, fileName: string, limit = OPERAND_LIMIT): SplitFileResult {
  const file = parseFile(text, fileName);
  const taken = new Set(file.rules.map((rule) => rule.id));
  const edits: TextEdit[] = [];
  for (const rule of file.rules) {
    if (countOperands(rule.parsed.query) <= limit) continue;
    const result = ruleSplitEdit(file, rule, limit, taken);
    if (!result.ok) return { ok: false, rule: rule.id, reason: result.reason };
    for (const id of splitIds(result.edit.newText)) taken.add(id);
    edits.push(result.edit);
  }
  let output = text;
  for (const edit of edits.reverse())
    output = output.slice(0, edit.span.start) + edit.newText + output.slice(edit.span.end);
  return { ok: true, text: output };
}

function splitIds(text: string): string[] {
  return Array.from(text.matchAll(/^### (\S+)/gm), (match) => match[1] ?? '');
}

function lineStart(text: string, offset: number): number {
  const before = Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1));
  return before + 1;
}
