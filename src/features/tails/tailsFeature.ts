// Tails of streams, collectors and projects: the port through which the trees show each tail's
// state, and the tails of the last window started again (the commands: tailCommands.ts). The tails themselves load with their bundle on the first tail: a window that
// has none loads none of it.
import * as vscode from 'vscode';
import type { TailKind } from '../../../core/streams/tailSource';
import { serviceKey } from '../../shell/connection/settings';
import type { Ctx } from '../../shell/ctx';
import type { StreamsPort, TailsPort } from '../../shell/ports';
import type { TailParts } from '../../shell/views/treeTail';
import type { Tails, TailStatus } from './tails';
import { tailsBundle } from './tailsBundle';

export class TailsFeature implements TailsPort, vscode.Disposable {
  private loaded: Tails | undefined;
  private readonly changes = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changes.event;

  constructor(
    private readonly ctx: Ctx,
    /** Late: the Streams view shows the tails' state, and a tail notes its reads there. */
    private readonly streams: () => Pick<StreamsPort, 'noteCollectorRead'>,
  ) {
    ctx.own(this);
  }

  /** The tails of this window, loaded on first use. */
  tails(): Tails {
    if (!this.loaded) {
      const { ctx } = this;
      this.loaded = new (tailsBundle().Tails)({
        workspaceState: ctx.extension.workspaceState,
        client: () => ctx.connection.client(),
        service: serviceKey,
        log: ctx.log,
        collectorRead: (collectorId) => {
          this.streams()
            .noteCollectorRead(collectorId)
            .catch((error: unknown) => ctx.log.warn(`collector read not kept: ${String(error)}`));
        },
      });
      this.loaded.onDidChange(() => this.changes.fire());
    }
    return this.loaded;
  }

  parts(kind: TailKind, id: string): TailParts | undefined {
    return this.loaded?.parts(kind, id);
  }

  /** A source's tail, if this window has had one (nothing is loaded to answer). */
  status(kind: TailKind, id: string): TailStatus | undefined {
    return this.loaded?.status(kind, id);
  }

  /**
   * Starts again the tails that ran when the window last closed (a reload, a restart): only
   * when workspace state has some, so that a window without tails never loads the bundle.
   */
  restore(): void {
    const { ctx } = this;
    const kept = ctx.extension.workspaceState.get<Record<string, { state?: unknown }>>(
      `tails.${serviceKey()}`,
    );
    if (!kept || !Object.values(kept).some((tail) => tail.state !== 'stopped')) return;
    this.tails()
      .restore()
      .then((count) => ctx.log.info(`tails restored: ${count}`))
      .catch((error: unknown) => ctx.log.warn(`tails not restored: ${String(error)}`));
  }

  /** The window closes: tails stop where they are, marked to start again in the next one. */
  async close(): Promise<void> {
    await this.loaded?.close();
  }

  dispose(): void {
    this.loaded?.dispose();
    this.changes.dispose();
  }
}
