// The limits of spec §3: at most 50 operands and 4,096 characters of query text per rule.
import type { ParsedQuery, Rule, Span } from '../ast';
import { LENGTH_LIMIT, OPERAND_LIMIT, OPERAND_WARNING_THRESHOLD } from '../diagnostic';
import { operandsOf } from '../operands';
import type { Draft } from './draft';

/** From the first token to the last: an unclosed group's tree may end before its last token. */
export function querySpan(parsed: ParsedQuery): Span | null {
  const first = parsed.tokens[0];
  const last = parsed.tokens[parsed.tokens.length - 1];
  return first && last ? { start: first.span.start, end: last.span.end } : null;
}

export function checkLimits(rule: Rule): Draft[] {
  const drafts: Draft[] = [];
  const operands = operandsOf(rule.parsed.query);
  const whole = querySpan(rule.parsed);
  const crossing = operands[OPERAND_LIMIT];
  if (crossing && whole) {
    drafts.push({
      code: 'operand-limit',
      message: `${operands.length} operands: a rule holds at most ${OPERAND_LIMIT}. Split it into several rules (quick fix) or remove ${operands.length - OPERAND_LIMIT}`,
      span: { start: crossing.span.start, end: whole.end },
      fixes: [],
    });
  } else if (operands.length >= OPERAND_WARNING_THRESHOLD && whole) {
    drafts.push({
      code: 'near-limit',
      message: `${operands.length} of ${OPERAND_LIMIT} operands: close to the limit`,
      span: rule.idSpan ?? operands[0]?.span ?? whole,
      fixes: [],
    });
  }
  if (rule.queryText.length > LENGTH_LIMIT && whole) {
    drafts.push({
      code: 'length-limit',
      message: `${rule.queryText.length} characters of query text (comments removed): the limit is ${LENGTH_LIMIT}`,
      span: whole,
      fixes: [],
    });
  }
  return drafts;
}
