// Formats the body of one rule that parsed without errors: its query laid out by queryDoc.ts,
// with every comment of the body attached where it belongs.
import type { MmqFile, Rule } from '../ast';
import { commentsIn } from '../commentsIn';
import { attachComments } from './comments';
import { printDoc } from './doc';
import { queryDoc } from './queryDoc';
import { unitsOf, type Unit } from './units';

export interface Settings {
  readonly indent: string;
  readonly lineWidth: number;
}

function withoutWhiteSpace(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * Whether the units are exactly the body's text once comments and white space are removed: a
 * guard that the formatter drops, adds or reorders nothing, whatever the parser's tree holds.
 */
function coversBody(file: MmqFile, rule: Rule, units: readonly Unit[]): boolean {
  let source = '';
  let cursor = rule.bodySpan.start;
  for (const { span } of commentsIn(file.comments, rule.bodySpan.start, rule.bodySpan.end)) {
    source += file.text.slice(cursor, span.start);
    cursor = span.end;
  }
  source += file.text.slice(cursor, rule.bodySpan.end);
  return withoutWhiteSpace(source) === withoutWhiteSpace(units.map((unit) => unit.text).join(''));
}

/** The formatted body (`\n` line breaks), or null when it must be kept as written. */
export function formatBody(file: MmqFile, rule: Rule, settings: Settings): string | null {
  const query = rule.parsed.query;
  if (!query || rule.parsed.issues.length > 0) return null;
  const units = unitsOf(query, file.text);
  if (!coversBody(file, rule, units)) return null;
  const comments = commentsIn(file.comments, rule.bodySpan.start, rule.bodySpan.end);
  const doc = queryDoc(query, attachComments(file.text, comments, units), file.text);
  return printDoc(doc, { width: settings.lineWidth, indent: settings.indent });
}
