// The limits of spec §3: at most 50 operands and 4,096 characters of query text per rule.
import type { ParsedQuery, Rule, Span } from '../ast';
import { LENGTH_LIMIT, OPERAND_LIMIT, OPERAND_WARNING_THRESHOLD } from '../diagnostic';
import { operandsOf } from '../operands';
import type { Draft } from './draft';

/** From the first token to the last: an unclosed group's tree may end before its last token. */
export function querySpan(parsed: ParsedQuery): Span | null {
  // Read once: a kept parse makes its tokens each time they are read (parser.ts).
  const tokens = parsed.tokens;
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  return first && last ? { start: first.span.start, end: last.span.end } : null;
}

/** `length-limit` for query text of `length` characters covering `span`, or null within it. */
export function lengthLimit(length: number, span: Span): Draft | null {
  if (length <= LENGTH_LIMIT) return null;
  return {
    code: 'length-limit',
    message: `${length} characters of query text (comments removed): the limit is ${LENGTH_LIMIT}`,
    span,
  };
}

export function checkLimits(rule: Rule): Draft[] {
  const drafts: Draft[] = [];
  const operands = operandsOf(rule.parsed.query);
  const whole = querySpan(rule.parsed);
  const crossing = operands[OPERAND_LIMIT];
  if (crossing && whole) {
    const over = operands.length - OPERAND_LIMIT;
    drafts.push({
      code: 'operand-limit',
      message: `${operands.length} operands: a rule holds at most ${OPERAND_LIMIT}. Split it into several rules (quick fix) or remove ${over}`,
      span: { start: crossing.span.start, end: whole.end },
    });
    // The 51st operand can lie far down a long rule, out of sight when the file opens: the
    // header says it too, where the rule starts.
    if (rule.headerSpan && rule.idSpan)
      drafts.push({
        code: 'operand-limit',
        message: `rule ${rule.id} has ${operands.length} operands (limit ${OPERAND_LIMIT}): split it into several rules (quick fix) or remove ${over}`,
        span: { start: rule.headerSpan.start, end: rule.idSpan.end },
        repeat: true,
      });
  } else if (operands.length >= OPERAND_WARNING_THRESHOLD && whole) {
    drafts.push({
      code: 'near-limit',
      message: `${operands.length} of ${OPERAND_LIMIT} operands: close to the limit`,
      span: rule.idSpan ?? operands[0]?.span ?? whole,
    });
  }
  const length = whole && lengthLimit(rule.queryText.length, whole);
  if (length) drafts.push(length);
  return drafts;
}
