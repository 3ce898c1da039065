// The one JSON body parser: an empty body is no body (POST …/pause from many clients sends one
// with a JSON content type), nesting deeper than MAX_JSON_DEPTH is refused before JSON.parse
// builds it (5,000 levels overflowed the stack of whatever walked it next: the journal, zod), and
// anything unparsable is code 17.
import { ApiFailure } from './failure';
import { MAX_JSON_DEPTH } from './limits';

/** The deepest nesting of arrays and objects in `text`, counting outside strings only. */
function nestingDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}

const invalidJson = (message: string) =>
  new ApiFailure('invalidJson', message, [{ key: 'param', value: ['body'] }]);

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (nestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw invalidJson(`JSON nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error: unknown) {
    // Only where: V8's own message quotes the body around the fault, a token in it included.
    const where = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    throw invalidJson(
      where === undefined
        ? 'JSON not parsable'
        : `JSON not parsable at character ${Number(where) + 1}`,
    );
  }
}
