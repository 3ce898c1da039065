// Every tail of the window: a TailSession per stream, collector or project, its output channel,
// its NDJSON record, and its checkpoint in workspace state after every batch. Tails that were
// running when the window closed (a reload, a crash, VS Code quitting) are started again from
// their checkpoint when it opens: a collector's tail continues exactly where its record stopped;
// a live one (a stream, a project) reads again and misses what arrived while the window was
// closed.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import {
  legacyRecordBaseName,
  RecordFiles,
  recordBaseName,
  recordParts,
} from '../../../core/streams/recordFiles';
import { checkpointOf, TailSession, type TailCheckpoint } from '../../../core/streams/tailSession';
import {
  isLive,
  narrowing,
  type TailKind,
  type TailSource,
} from '../../../core/streams/tailSource';
import { keptTailsOf, type KeptTail, type KeptTails } from './keptTails';
import { tailParts } from './tailParts';
import type { TailStatus } from './tailStatus';

export type { TailStatus } from './tailStatus';
import type { TailParts } from '../../shell/views/treeTail';

export interface TailsServices {
  readonly workspaceState: vscode.Memento;
  readonly client: () => Promise<MediaMonitoringClient>;
  /** Which service tails and checkpoints belong to (a base URL, or `sandbox`). */
  readonly service: () => string;
  readonly log: vscode.LogOutputChannel;
  /** A collector was read from this machine (its tree item says when). */
  readonly collectorRead: (collectorId: string) => void;
}

export interface TailStart {
  /** A folder for the NDJSON record, or none. */
  readonly recordFolder?: string;
  /** The record's part size in bytes. */
  readonly partBytes: number;
}

/**
 * How long a restored tail waits for its record's lock: after a reload, the window before may
 * still be closing its tails.
 */
const RESTORE_LOCK_WAIT_MS = 15_000;

/** Lines an output channel holds before it is cleared: the record is the complete copy. */
const CHANNEL_LINES = 100_000;

const keyOf = (source: { kind: string; id: string }) => `${source.kind}:${source.id}`;

interface Running {
  readonly session: TailSession;
  readonly channel: vscode.OutputChannel;
}

export class Tails implements vscode.Disposable {
  private readonly running = new Map<string, Running>();
  private readonly channels = new Map<string, vscode.OutputChannel>();
  private readonly channelLines = new Map<string, number>();
  private readonly received = new Map<string, number>();
  private readonly endings = new Map<string, string>();
  private readonly readNoted = new Map<string, number>();
  private readonly changes = new vscode.EventEmitter<void>();
  private changeTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** Checkpoints are written one at a time, in order. */
  private keeping: Thenable<void> = Promise.resolve();
  /** Fires at most twice a second: the tree shows counts, not every result. */
  readonly onDidChange = this.changes.event;

  constructor(private readonly services: TailsServices) {}

  status(kind: TailKind, id: string): TailStatus | undefined {
    const key = keyOf({ kind, id });
    const running = this.running.get(key);
    const received = this.received.get(key);
    if (!running && received === undefined && !this.endings.has(key)) return undefined;
    return {
      state: running?.session.state ?? (this.endings.has(key) ? 'ended' : 'stopped'),
      received: received ?? 0,
      recordPath: running?.session.recordPath,
      ended: running?.session.ended ?? this.endings.get(key),
      narrowed: running ? narrowing(running.session.source) : undefined,
      live: kind !== 'collector',
    };
  }

  /** The tail of a source as its tree item shows it, if this window has had one. */
  parts(kind: TailKind, id: string): TailParts | undefined {
    const status = this.status(kind, id);
    return status && tailParts(status);
  }

  /** Whether a kept checkpoint lets a collector's tail continue where the last one stopped. */
  hasPoint(collectorId: string): boolean {
    return (
      this.kept()[keyOf({ kind: 'collector', id: collectorId })]?.checkpoint?.point !== undefined
    );
  }

  /** Starts (or restarts) a tail; a collector's continues from its kept point if it has one. */
  async start(source: TailSource, options: TailStart): Promise<void> {
    const key = keyOf(source);
    await this.running.get(key)?.session.stop();
    const kept = this.kept()[key];
    // A collector's point belongs to the collector, whichever record it wrote to.
    const checkpoint: TailCheckpoint | undefined =
      source.kind === 'collector' && kept?.checkpoint?.point
        ? { point: kept.checkpoint.point }
        : undefined;
    await this.launch(source, { ...options, state: 'running' }, checkpoint, false);
  }

  /** Starts the tails that were running or paused when the window closed; how many. */
  async restore(): Promise<number> {
    let restored = 0;
    for (const [key, kept] of Object.entries(this.kept())) {
      if (kept.state === 'stopped' || this.running.has(key)) continue;
      try {
        await this.launch(kept.source, kept, kept.checkpoint, true);
        restored++;
      } catch (error: unknown) {
        this.services.log.warn(`tail ${key} not restored: ${String(error)}`);
      }
    }
    return restored;
  }

  pause(kind: TailKind, id: string): void {
    const key = keyOf({ kind, id });
    this.running.get(key)?.session.pause();
    void this.keepState(key, 'paused');
  }

  resume(kind: TailKind, id: string): void {
    const key = keyOf({ kind, id });
    this.running.get(key)?.session.resume();
    void this.keepState(key, 'running');
  }

  async stop(kind: TailKind, id: string): Promise<void> {
    const key = keyOf({ kind, id });
    const running = this.running.get(key);
    await this.keepState(key, 'stopped');
    await running?.session.stop();
  }

  showOutput(kind: TailKind, id: string): void {
    this.channels.get(keyOf({ kind, id }))?.show(true);
  }

  /**
   * The window closes: tails stop without being marked stopped, so that the next window starts
   * them again from their checkpoints. What was received after the last checkpoint comes again.
   */
  dispose(): void {
    void this.close();
    for (const channel of this.channels.values()) channel.dispose();
    if (this.changeTimer) clearTimeout(this.changeTimer);
    this.changes.dispose();
  }

  /** Stops every tail, writing what it received, without marking it stopped (see dispose). */
  async close(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.running.values()].map(({ session }) => session.stop()));
    await this.keeping;
  }

  private async launch(
    source: TailSource,
    options: {
      readonly recordFolder?: string;
      readonly partBytes: number;
      readonly state: KeptTail['state'];
    },
    checkpoint: TailCheckpoint | undefined,
    restoring: boolean,
  ): Promise<void> {
    const key = keyOf(source);
    const base = recordBaseName(source.kind, source.id);
    // Checked before the record opens: the first part of its new name is made then.
    const legacy =
      restoring && options.recordFolder
        ? await legacyRecord(options.recordFolder, source, base)
        : undefined;
    const record = options.recordFolder
      ? await RecordFiles.open({
          folder: options.recordFolder,
          base,
          maxBytes: options.partBytes,
          // A restored collector tail cuts its record back to the checkpoint (what follows comes
          // again); a restored live tail (a stream, a project) appends: nothing comes again.
          ...(restoring && checkpoint?.record ? { restore: checkpoint.record } : {}),
          continueLast: restoring && isLive(source),
          ...(restoring ? { lockWaitMs: RESTORE_LOCK_WAIT_MS } : {}),
        })
      : undefined;
    const channel = this.channel(source);
    const say = (message: string) =>
      channel.appendLine(`── ${new Date().toISOString()} ${message}`);
    if (legacy && record)
      say(
        `the record so far is in ${legacy}, left as it was (an earlier version's name, which other ids may share); it goes on in ${record.path}`,
      );
    this.endings.delete(key);
    const kept: KeptTail = {
      source,
      state: options.state,
      partBytes: options.partBytes,
      ...(options.recordFolder ? { recordFolder: options.recordFolder } : {}),
      ...(checkpoint ? { checkpoint } : {}),
    };
    await this.keep(key, kept);
    const session = new TailSession(source, {
      client: this.services.client,
      ...(record ? { record } : {}),
      ...(checkpoint ? { checkpoint } : {}),
      sinks: {
        lines: (text, results) => {
          this.append(key, channel, text, results);
          this.received.set(key, (this.received.get(key) ?? 0) + results);
          if (source.kind === 'collector') this.noteRead(source.id);
        },
        note: say,
        save: (saved) => this.keepCheckpoint(key, saved),
        changed: () => this.changed(),
      },
    });
    if (options.state === 'paused') session.pause();
    this.running.set(key, { session, channel });
    const narrowed = narrowing(source);
    say(
      `${restoring ? 'tail restored' : 'tailing'} ${source.kind} ${source.id}${narrowed ? ` (${narrowed})` : ''}` +
        (restoring && isLive(source)
          ? `; it is live: what arrived while the window was closed was not delivered`
          : '') +
        (record ? `; the complete record: ${record.path}` : ''),
    );
    this.changed();
    void session.done.then(() => {
      if (this.running.get(key)?.session !== session) return;
      this.running.delete(key);
      if (session.ended) {
        this.endings.set(key, session.ended);
        // Ended by itself (code 24, the end of the buffer, an error): not restored later.
        if (!this.disposed) void this.keepState(key, 'stopped');
        if (!this.disposed && session.ended.startsWith('stopped'))
          void vscode.window.showWarningMessage(
            `Tail of ${source.kind} ${source.id} ${session.ended}`,
          );
      }
      this.changed();
    });
  }

  /** Says a collector was read, once a minute at most: each batch would be too often. */
  private noteRead(collectorId: string): void {
    const now = Date.now();
    if (now - (this.readNoted.get(collectorId) ?? 0) < 60_000) return;
    this.readNoted.set(collectorId, now);
    this.services.collectorRead(collectorId);
  }

  private channel(source: TailSource): vscode.OutputChannel {
    const key = keyOf(source);
    let channel = this.channels.get(key);
    if (!channel) {
      channel = vscode.window.createOutputChannel(`Media Monitoring: ${source.kind} ${source.id}`);
      this.channels.set(key, channel);
    }
    return channel;
  }

  private append(key: string, channel: vscode.OutputChannel, text: string, lines: number): void {
    const total = (this.channelLines.get(key) ?? 0) + lines;
    if (total > CHANNEL_LINES) {
      channel.replace(
        `── earlier lines cleared after ${CHANNEL_LINES.toLocaleString('en')}; the NDJSON record keeps every result\n${text}`,
      );
      this.channelLines.set(key, lines);
      return;
    }
    this.channelLines.set(key, total);
    channel.append(text);
  }

  private changed(): void {
    if (this.disposed) return;
    this.changeTimer ??= setTimeout(() => {
      this.changeTimer = undefined;
      this.changes.fire();
    }, 500);
  }

  private storageKey(): string {
    return `tails.${this.services.service()}`;
  }

  private kept(): KeptTails {
    return keptTailsOf(this.services.workspaceState.get(this.storageKey()));
  }

  /** Changes one kept tail, after the changes before it. */
  private update(key: string, change: (tail: KeptTail | undefined) => KeptTail | undefined) {
    const storageKey = this.storageKey();
    this.keeping = this.keeping.then(() => {
      const all = { ...this.kept() };
      const changed = change(all[key]);
      if (changed) all[key] = changed;
      else delete all[key];
      return this.services.workspaceState.update(storageKey, all);
    });
    return this.keeping;
  }

  private keep(key: string, tail: KeptTail): Thenable<void> {
    return this.update(key, () => tail);
  }

  private keepCheckpoint(key: string, checkpoint: TailCheckpoint): Promise<void> {
    const parsed = checkpointOf(checkpoint);
    // A tail removed meanwhile stays removed.
    return Promise.resolve(
      this.update(key, (tail) => (tail && parsed ? { ...tail, checkpoint: parsed } : tail)),
    );
  }

  private keepState(key: string, state: KeptTail['state']): Thenable<void> {
    return this.update(key, (tail) => (tail ? { ...tail, state } : tail));
  }
}

/**
 * The parts of an earlier version's record of `source` when its record has none of its own
 * name yet, as a pattern to show; else undefined.
 */
async function legacyRecord(
  folder: string,
  source: TailSource,
  base: string,
): Promise<string | undefined> {
  if ((await recordParts(folder, base)).length > 0) return undefined;
  const legacy = legacyRecordBaseName(source.kind, source.id);
  if ((await recordParts(folder, legacy)).length === 0) return undefined;
  return join(folder, `${legacy}-*.ndjson`);
}
