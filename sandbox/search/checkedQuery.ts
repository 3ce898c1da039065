// A query sent to the sandbox (a histogram's or results' `q`, a stream rule), checked as the
// service checks it: too long or over 50 operands is 403 / code 19, a syntax error code 4 naming
// where. The length is settled before anything is parsed, so a megabyte of query costs a scan.
import { analyzeQuery, queryLengthError } from '../../core/query/analysis';
import type { QueryNode } from '../../core/query/ast';
import { parseQuery } from '../../core/query/parser';
import { ApiFailure } from '../http/failure';
import { shorten } from '../http/quote';

/** Errors listed in `details` at most: the first say where to look; the rest add only bytes. */
const LISTED_ERRORS = 20;

/** Queries checked lately, most recent last: at most KEPT. */
const KEPT = 256;
const checked = new Map<string, QueryNode | null>();

/**
 * `text` parsed (null: nothing but comments), or the failure the service answers; `ruleId` names
 * the stream rule it is. A text checked lately is not checked again: a histogram's query was
 * analysed and parsed at each call (a tenth of its time under load), and the same tree again
 * finds what the index kept for its nodes. Trees are never changed (ast.ts), so one serves all.
 */
export function checkedQuery(text: string, ruleId?: string): QueryNode | null {
  if (checked.has(text)) {
    const query = checked.get(text) as QueryNode | null;
    checked.delete(text);
    checked.set(text, query);
    return query;
  }
  const query = checkOnce(text, ruleId);
  if (checked.size >= KEPT) checked.delete(checked.keys().next().value as string);
  checked.set(text, query);
  return query;
}

function checkOnce(text: string, ruleId: string | undefined): QueryNode | null {
  const rule = ruleId === undefined ? undefined : shorten(ruleId);
  const tooLong = queryLengthError(text);
  const errors = tooLong
    ? [tooLong]
    : analyzeQuery(text).filter((diagnostic) => diagnostic.severity === 'error');
  const tooLarge = errors.find(
    (diagnostic) => diagnostic.code === 'operand-limit' || diagnostic.code === 'length-limit',
  );
  if (tooLarge)
    throw rule === undefined
      ? new ApiFailure('tooMany', `Query too large: ${tooLarge.message}`, [
          { key: 'details', value: [tooLarge.message] },
        ])
      : new ApiFailure('tooMany', `Rule ${rule}: ${tooLarge.message}`, [
          { key: 'rule_id', value: [rule] },
        ]);
  const first = errors[0];
  if (first) {
    const where = `uery parse error at character ${first.span.start + 1}: ${first.message}`;
    throw new ApiFailure(
      'queryParse',
      rule === undefined ? `Q${where}` : `Rule ${rule}: q${where}`,
      [
        {
          key: 'details',
          value: errors
            .slice(0, LISTED_ERRORS)
            .map(
              (diagnostic) =>
                `${rule === undefined ? '' : `${rule} `}${diagnostic.span.start + 1}-${diagnostic.span.end + 1}: ${diagnostic.message}`,
            ),
        },
      ],
    );
  }
  return parseQuery(text).query;
}
