// A stream's rules as the service holds them, as a read-only `.mmq` document (as a topic opens):
// a rule per service rule, so that the editor, the outline and the language server work on them
// as on any query file, and `// @stream` offers the stream's tail. No VS Code here
// (live/openServiceRules.ts shows it).
import type { StreamRule } from '../../../core/api/schemas/streams';

export function streamDocument(streamId: string, rules: readonly StreamRule[]): string {
  const lines = [
    `// stream ${streamId}: its rules as the service holds them`,
    `// @stream ${streamId}`,
    '// Read-only. Pushing a .mmq file that names the stream replaces them.',
    '',
  ];
  for (const rule of rules) lines.push(`### ${rule.rule_id}`, rule.query, '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The zero-based line of a rule's header in streamDocument's text, or -1. */
export function ruleLine(text: string, ruleId: string): number {
  return text.split('\n').indexOf(`### ${ruleId}`);
}
