// The Streams & Collectors view: the token's streams with their rules (the service's beside the
// workspace's files), its collectors with their states and when each was last read here, and the
// commands of streams (push a file's rules, delete, open the service's rules).
import * as vscode from 'vscode';
import { readConnectionSettings } from '../../shell/connection/settings';
import type { Ctx } from '../../shell/ctx';
import type { ReloadableView } from '../../shell/views/reloadViews';
import type { LanguagePort, StreamsPort, TailsPort } from '../../shell/ports';
import { CollectorReads } from './collectorReads';
import { streamCommands } from './streamCommands';
import { streamsBundle } from './streamsBundle';
import { StreamsModel, type StreamsNode } from './streamsModel';
import { STREAMS_VIEW_ID, StreamsTreeProvider } from './streamsView';
import { workspaceStreamRules } from './workspaceStreams';

export class StreamsFeature implements StreamsPort {
  readonly view: StreamsTreeProvider;
  readonly treeView: vscode.TreeView<StreamsNode>;
  readonly commands: ReturnType<typeof streamCommands>;
  /** The view, as a refresh command reloads it. */
  readonly reloadable: ReloadableView;
  /** When each collector was last read from this machine (the view warns about unread ones). */
  private readonly reads: CollectorReads;

  constructor(ctx: Ctx, ports: { readonly tails: TailsPort; readonly language: LanguagePort }) {
    this.reads = new CollectorReads(
      ctx.extension.globalState,
      () => readConnectionSettings().baseUrl || 'sandbox',
    );
    this.view = ctx.own(
      new StreamsTreeProvider(
        new StreamsModel(() => ctx.connection.client(), streamsBundle, workspaceStreamRules),
        ctx.connection,
        'streams',
        this.reads,
        (kind, id) => ports.tails.parts(kind, id),
      ),
    );
    this.treeView = ctx.own(
      vscode.window.createTreeView(STREAMS_VIEW_ID, { treeDataProvider: this.view }),
    );
    // A stream's or collector's tail shows on its item; another connection is another service.
    ctx.own(ports.tails.onDidChange(() => this.view.redraw()));
    ctx.own(ctx.connection.onDidChange(() => this.view.refresh(true)));
    this.reloadable = { viewId: STREAMS_VIEW_ID, reload: () => this.view.reload() };
    this.commands = streamCommands(ctx, ports.language, this, this.reloadable);
  }

  refresh(): void {
    this.view.refresh();
  }

  noteCollectorRead(collectorId: string): Promise<void> {
    return this.reads.noteRead(collectorId);
  }

  forgetCollector(collectorId: string): Promise<void> {
    return this.reads.forget(collectorId);
  }
}
