// Opens a stream's rules as the service holds them (what the Streams view shows under the
// stream) as a read-only `.mmq` document, at the rule that was clicked. In dist/live.js with the
// other stream commands; src/features/streams/streamCommands.ts forwards here.
import * as vscode from 'vscode';
import type { StreamRule } from '../../../core/api/schemas/streams';
import { ruleLine, streamDocument } from './streamDocument';

export interface ServiceRuleToOpen {
  readonly streamId: string;
  readonly rule: StreamRule;
  readonly rules: readonly StreamRule[];
}

export async function openServiceRules(
  documents: { show(path: string, text: string): Thenable<vscode.TextEditor> },
  node: ServiceRuleToOpen,
): Promise<void> {
  const text = streamDocument(node.streamId, node.rules);
  const editor = await documents.show(`/streams/${node.streamId}.mmq`, text);
  const at = new vscode.Position(Math.max(0, ruleLine(text, node.rule.rule_id)), 0);
  editor.selection = new vscode.Selection(at, at);
  editor.revealRange(new vscode.Range(at, at));
}
