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

/** `text` parsed (null: nothing but comments), or the failure the service answers; `ruleId` names the stream rule it is. */
export function checkedQuery(text: string, ruleId?: string): QueryNode | null {
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
