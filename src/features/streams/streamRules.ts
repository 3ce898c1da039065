// Where a stream's rules are written: the API lists streams but not their rules, so the sidebar
// finds them in the workspace's `.mmq` files that name the stream with `// @stream <id>`.
import { parseFile } from '../../../core/query/file';
import { LineIndex } from '../../../core/query/lineIndex';

export type { WorkspaceRule as RuleSource } from '../../shell/views/treeNodes';
import type { WorkspaceRule as RuleSource } from '../../shell/views/treeNodes';

/** The rules of every stream the files name, by stream id, in file order. */
export function streamRulesIn(
  files: readonly { readonly uri: string; readonly text: string }[],
): Map<string, RuleSource[]> {
  const byStream = new Map<string, RuleSource[]>();
  for (const { uri, text } of files) {
    const name = decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
    const file = parseFile(text, name);
    const streams = file.annotations.filter((annotation) => annotation.name === 'stream');
    if (streams.length === 0) continue;
    const lines = new LineIndex(text);
    const rules = file.rules.map((rule) => ({
      ruleId: rule.id,
      query: rule.queryText,
      uri,
      line: lines.positionAt((rule.headerSpan ?? rule.bodySpan).start).line,
    }));
    for (const stream of streams) {
      const list = byStream.get(stream.value) ?? [];
      for (const rule of rules) list.push(rule);
      byStream.set(stream.value, list);
    }
  }
  return byStream;
}
