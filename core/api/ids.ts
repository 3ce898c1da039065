// The ids a client chooses for streams, collectors, stream rules and collector queries (gaps.md
// "What the service's published answers show"): lower-case letters, digits, `-` and `_`,
// starting with a letter. The service refuses anything else with code 5 naming the id. A `.mmq`
// rule id is wider (query-language.md), so a file's ids are checked against this before a push.
export const SERVICE_ID = /^[a-z][a-z0-9_-]{0,127}$/;

export const SERVICE_ID_RULE =
  'lower-case letters, digits, - and _, starting with a letter (at most 128)';

/** Why `id` is not a service id, or undefined when it is one. */
export function serviceIdProblem(id: string): string | undefined {
  if (SERVICE_ID.test(id)) return undefined;
  const lower = id.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
  const suggestion = /^[a-z]/.test(lower) ? lower.slice(0, 128) : `x${lower}`.slice(0, 128);
  return `"${id}" is not an id the service takes: ${SERVICE_ID_RULE}; for example "${suggestion}"`;
}
