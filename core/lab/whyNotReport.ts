// "Why Not?" said in words: for a rule and a document (a result found by its address, or a pasted
// piece of text), whether the rule matches it as core/query's matcher reads it, and if not, which
// required part failed and which exclusion removed it. Markdown, for a read-only document.
import type { MatchableDocument } from '../query/document';
import { parseQuery } from '../query/parser';
import { partsOf } from './ruleParts';
import { whyNot } from './whyNot';

/** Characters of the document quoted at the top of the report. */
const QUOTED = 300;

export function whyNotReport(
  ruleId: string,
  query: string,
  document: MatchableDocument,
  what: string,
): string {
  const parsed = parseQuery(query);
  if (!parsed.query || parsed.issues.length > 0)
    return `# Why not? ${ruleId}\n\nThe rule has errors: fix them first.\n`;
  const parts = partsOf(parsed.query);
  const answer = whyNot(parts, document);
  const text = `${document.title ?? ''} ${document.content ?? ''}`.trim().replace(/\s+/g, ' ');
  const quoted = text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text;
  const code = (part: string) => `\`${part.replace(/`/g, "'")}\``;
  const lines = [`# Why not? ${ruleId}`, '', `${what}:`, '', `> ${quoted || '(no text)'}`, ''];
  if (answer.matches) {
    lines.push(
      '**The rule matches it**, as this extension reads the rule. If the service did not return it, its tokenisation or fields differ, or it is outside the window or the project.',
    );
    return `${lines.join('\n')}\n`;
  }
  lines.push('**The rule does not match it:**', '');
  if (answer.noOperandMatched)
    lines.push(
      `- none of its operands is in it: ${parts.operands.map((part) => code(part.text)).join(', ')}`,
    );
  for (const part of answer.failedRequired)
    lines.push(`- the required part ${code(part.text)} is not in it`);
  for (const part of answer.removedBy) lines.push(`- the exclusion ${code(part.text)} removes it`);
  return `${lines.join('\n')}\n`;
}
