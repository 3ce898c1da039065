// Why a value does not have the shape a schema wants, in words a user can pass on: the field (its
// path), what was expected and what came. zod/mini carries no messages of its own, so they are
// written here from the issue's code. The client says it of an answer; the sandbox of a body.
import type * as core from 'zod/v4/core';

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** What is wrong with the value at the issue's path: `expected number, got string "x"`. */
export function issueText(issue: core.$ZodIssue, value: unknown): string {
  const received = clip(kindOf(at(value, issue.path)));
  const own = issue.message !== 'Invalid input' ? issue.message : undefined;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${received}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((each) => JSON.stringify(each)).join(', ')}, got ${received}`;
    case 'invalid_union':
      return own ?? `none of the forms it may take, got ${received}`;
    case 'unrecognized_keys':
      return `unknown fields ${issue.keys.join(', ')}`;
    case 'too_small':
      return (
        own ??
        `expected at least ${String(issue.minimum)}${issue.origin === 'number' ? '' : ` ${issue.origin === 'string' ? 'characters' : 'items'}`}`
      );
    case 'too_big':
      return (
        own ??
        `expected at most ${String(issue.maximum)}${issue.origin === 'number' ? '' : ` ${issue.origin === 'string' ? 'characters' : 'items'}`}`
      );
    default:
      return own ?? `not accepted, got ${received}`;
  }
}

/** `result_content.data.3.data.published: expected number, got string "yesterday"`. */
export function shapeProblem(issue: core.$ZodIssue | undefined, answer: unknown): string {
  if (!issue) return 'body: not of the expected shape';
  const field = issue.path.map(String).join('.') || 'body';
  return `${field}: ${issueText(issue, answer)}`;
}
