// The one translation of a body that does not fit its schema into the API's error: a missing
// field is code 3 naming it, an unknown field names the field, anything else is the endpoint's
// code (5 by default; 16 for uploads, 18 for stream definitions) naming the path at fault.
import type * as core from 'zod/v4/core';
import { issueText } from '../../core/api/shapeProblem';
import type { StatusName } from '../../core/api/schemas/envelope';
import { ApiFailure, badParameter, missingParameter } from './failure';
import { quote } from './quote';

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

export function bodyFailure(
  error: { readonly issues: readonly core.$ZodIssue[] },
  body: unknown,
  invalid: StatusName,
): ApiFailure {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const where = path || 'body';
  if (!issue) return badParameter('body', 'not what this endpoint takes');
  // Whatever zod calls it (a type, a union none of whose members fit), a field not there is missing.
  if (issue.code !== 'unrecognized_keys' && path !== '' && valueAt(body, issue.path) === undefined)
    return missingParameter(path);
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => (path ? `${path}.${key}` : key));
    return new ApiFailure(
      invalid,
      `Invalid request body: unknown field ${names.map(quote).join(', ')}`,
      [{ key: 'param', value: names }],
    );
  }
  const problem = issueText(issue, body);
  if (invalid === 'badParameter') return badParameter(where, problem);
  return new ApiFailure(invalid, `Invalid request body: ${where}: ${problem}`, [
    { key: 'param', value: [where] },
  ]);
}
