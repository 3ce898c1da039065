// The Streams & collectors tree, with collector states as icons.
import { counted } from '../../../core/plural';
import * as vscode from 'vscode';
import type { CollectorState } from '../../../core/api/schemas/streams';
import type { Connection } from '../../shell/connection/connection';
import { readView, type CollectorReads } from './collectorReads';
import type { StreamsModel, StreamsNode } from './streamsModel';
import { NO_TAIL, type TailLookup } from '../../shell/views/treeTail';
import { ModelTreeProvider } from '../../shell/views/treeView';

const STATE_ICONS: Readonly<Record<CollectorState, { icon: string; color?: string }>> = {
  ACTIVE: { icon: 'pass-filled', color: 'testing.iconPassed' },
  PAUSED: { icon: 'debug-pause' },
  DELETED: { icon: 'trash' },
  ERROR: { icon: 'error', color: 'errorForeground' },
  NO_CREDITS: { icon: 'warning', color: 'editorWarning.foreground' },
  UNKNOWN: { icon: 'question' },
};

/** A rule's description: how it compares with the other side, then its query. */
const described = (note: string, query: string) => (note ? `${note} · ${query}` : query);

/** The view's id in package.json. */
export const STREAMS_VIEW_ID = 'mediaMonitoring.streams';

export class StreamsTreeProvider extends ModelTreeProvider<StreamsNode> {
  constructor(
    model: StreamsModel,
    connection: Connection,
    viewName: string,
    /** When collectors were last read from this machine, for ACTIVE ones. */
    private readonly reads: CollectorReads | undefined,
    private readonly tails: TailLookup,
  ) {
    super(model, connection, viewName);
  }

  protected key(node: StreamsNode | undefined): string {
    if (!node) return 'root';
    if (node.kind === 'localFile') return `localFile:${node.streamId}:${node.uri}`;
    return `${node.kind}:${'id' in node ? node.id : ''}`;
  }

  getTreeItem(node: StreamsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'streams':
      case 'collectors': {
        const item = new vscode.TreeItem(
          node.kind === 'streams' ? 'Streams' : 'Collectors',
          vscode.TreeItemCollapsibleState.Expanded,
        );
        item.id = node.kind;
        item.description = `${node.count}`;
        return item;
      }
      case 'stream': {
        const item = new vscode.TreeItem(node.id, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `stream:${node.id}`;
        const tail = this.tails('stream', node.id) ?? NO_TAIL;
        item.iconPath = new vscode.ThemeIcon(tail.spinning ? 'loading~spin' : 'radio-tower');
        item.description =
          [node.enabled ? 'enabled' : 'disabled', tail.description].filter(Boolean).join(' · ') ||
          undefined;
        item.tooltip = `Stream ${node.id}${node.enabled ? '' : ' (disabled)'} on the service. ${tail.tooltip} Under it: its rules on the service, then the workspace's .mmq files that name it (// @stream), each marked where they differ.`;
        item.contextValue = `stream${tail.context}`;
        return item;
      }
      case 'localFile': {
        const name = decodeURIComponent(node.uri.slice(node.uri.lastIndexOf('/') + 1));
        const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `localFile:${node.streamId}:${node.uri}`;
        item.description = `local file · ${counted(node.rules.length, 'rule')} · ${node.note}`;
        item.iconPath = new vscode.ThemeIcon('file');
        item.resourceUri = vscode.Uri.parse(node.uri);
        item.tooltip = `${name} names this stream with // @stream ${node.streamId}: ${node.note}.`;
        item.contextValue = 'localFile';
        return item;
      }
      case 'rule': {
        const item = new vscode.TreeItem(node.rule.ruleId, vscode.TreeItemCollapsibleState.None);
        item.id = `rule:${node.streamId}:${node.rule.uri}:${node.rule.line}`;
        item.description = described(node.note, node.rule.query);
        item.tooltip = `${node.rule.ruleId} (local, from the file above${node.note ? `; ${node.note}` : ''}): ${node.rule.query}`;
        item.iconPath = new vscode.ThemeIcon('symbol-string');
        const uri = vscode.Uri.parse(node.rule.uri);
        const at = new vscode.Range(node.rule.line, 0, node.rule.line, 0);
        item.command = {
          command: 'vscode.open',
          title: 'Open Rule',
          arguments: [uri, { selection: at } satisfies vscode.TextDocumentShowOptions],
        };
        return item;
      }
      case 'serviceRule': {
        const { rule_id: id, query } = node.rule;
        const item = new vscode.TreeItem(id, vscode.TreeItemCollapsibleState.None);
        item.id = `serviceRule:${node.streamId}:${id}`;
        item.description = described(node.note, query);
        item.tooltip = `${id} on the service${node.note ? ` (${node.note})` : ''}: ${query}`;
        item.iconPath = new vscode.ThemeIcon('cloud');
        item.contextValue = 'serviceRule';
        item.command = {
          command: 'mediaMonitoring.streamRule.open',
          title: 'Open as .mmq',
          arguments: [node],
        };
        return item;
      }
      case 'collector': {
        const item = new vscode.TreeItem(node.id, vscode.TreeItemCollapsibleState.None);
        item.id = `collector:${node.id}`;
        const icon = STATE_ICONS[node.state];
        const tail = this.tails('collector', node.id) ?? NO_TAIL;
        let base = icon;
        let state = node.state.toLowerCase().replace('_', ' ');
        let tooltip = `Collector ${node.id}: ${node.state}.`;
        if (node.state === 'ACTIVE' && this.reads) {
          // An active collector spends a credit per buffered result: say when it was last read.
          const read = readView(this.reads, node.id, Date.now());
          state = `active · ${read.text}`;
          tooltip = `Collector ${node.id}: ACTIVE. ${read.tooltip}`;
          if (read.warn) base = { icon: 'warning', color: 'editorWarning.foreground' };
        }
        item.iconPath = tail.spinning
          ? new vscode.ThemeIcon('loading~spin')
          : new vscode.ThemeIcon(
              base.icon,
              base.color ? new vscode.ThemeColor(base.color) : undefined,
            );
        item.description = [state, tail.description].filter(Boolean).join(' · ');
        item.tooltip = `${tooltip} ${tail.tooltip}`.trim();
        item.contextValue = `collector.${node.state}${tail.context}`;
        item.command = {
          command: 'mediaMonitoring.collector.showDefinition',
          title: 'Show Definition',
          arguments: [node],
        };
        return item;
      }
      case 'empty':
        return new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
    }
  }
}
