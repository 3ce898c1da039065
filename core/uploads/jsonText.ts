// One document's JSON text to its fields, or a problem on its line. The nesting is measured
// before parsing, in one pass: parsing and later walks (the size check's stringify) recurse, and
// a line of ten thousand `[` must be a problem, not a stack overflow.
import { MAX_NESTING, problem, type Fields, type SourceItem } from './items';
import { jsonLocator } from './jsonLocate';
import type { TextStart } from './spans';

/** How deeply arrays and objects nest outside strings (stops counting past the limit). */
export function nestingDepth(text: string, limit = MAX_NESTING): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value, or why it is not one (too deep is refused before parsing). */
export function parseJson(
  text: string,
): { readonly value: unknown } | { readonly problem: string } {
  if (nestingDepth(text) > MAX_NESTING)
    return { problem: `nested deeper than ${MAX_NESTING} levels: not a document` };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error: unknown) {
    return { problem: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'a string' : String(value);
}

/** The document of `text`, which starts at `at` in the file. */
export function documentOf(text: string, at: TextStart): SourceItem {
  const parsed = parseJson(text);
  if ('problem' in parsed) return problem(at.line, parsed.problem);
  if (!isFields(parsed.value))
    return problem(at.line, `a document is a JSON object, not ${describe(parsed.value)}`);
  return { kind: 'document', line: at.line, fields: parsed.value, locate: jsonLocator(text, at) };
}
