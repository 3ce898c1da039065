// Collectors (api.md "Collectors", state table): ACTIVE collectors buffer matching live documents
// for 7 days of the virtual clock, 1 credit each (none left: NO_CREDITS); PAUSED ones collect
// nothing live but still receive export results; DELETE removes a collector and its content for
// good, so a new collector with the same id starts empty and old resume tokens are refused.
import { CREDIT_COSTS } from '../../core/api/costs';
import type { CollectorQuery, CollectorState } from '../../core/api/schemas/streams';
import type { AnalyticsDocument } from '../analytics/documentFields';
import type { CreditLedger } from '../credits';
import { badParameter, notFound } from '../http/failure';
import type { StreamRegistry } from '../streams/registry';
import { compileCollector, type CompiledCollector } from './definition';

/** The project an export reads, which its results name (gaps.md `project_profiles`). */
export interface ExportedFrom {
  readonly id: string;
  readonly title: string;
}

export const RETENTION_MS = 7 * 86_400_000;

export interface Buffered {
  readonly seq: number;
  readonly at: number;
  readonly document: AnalyticsDocument;
  readonly matched: readonly string[];
  /** The project an export read it from (gaps.md `project_profiles`). */
  readonly project?: ExportedFrom | undefined;
}

export class Collector {
  state: CollectorState;
  readonly buffer: Buffered[] = [];
  private nextSeq = 0;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly id: string,
    /** Distinguishes this collector from earlier ones of the same id, in resume tokens. */
    readonly generation: number,
    public compiled: CompiledCollector,
    /** When it was created, epoch ms of the virtual clock. */
    readonly created: number,
  ) {
    this.state = compiled.empty ? 'PAUSED' : 'ACTIVE';
  }

  push(
    document: AnalyticsDocument,
    matched: readonly string[],
    at: number,
    project?: ExportedFrom,
  ): void {
    this.buffer.push({ seq: this.nextSeq++, at, document, matched, project });
    for (const waiter of [...this.waiters]) waiter();
  }

  onPush(waiter: () => void): () => void {
    this.waiters.add(waiter);
    return () => this.waiters.delete(waiter);
  }

  expire(oldest: number): void {
    let drop = 0;
    while (drop < this.buffer.length && (this.buffer[drop]?.at ?? Infinity) < oldest) drop++;
    if (drop > 0) this.buffer.splice(0, drop);
  }

  /** The offset just past everything buffered so far. */
  get end(): number {
    return this.nextSeq;
  }

  token(seq: number): string {
    return `${this.generation.toString(36)}.${seq.toString(36)}`;
  }

  /** Where `earliest`, `latest` or a token from this collector's control chunks starts reading. */
  offset(resume: string | undefined): number {
    if (resume === undefined || resume === 'earliest') return this.buffer[0]?.seq ?? this.nextSeq;
    if (resume === 'latest') return this.nextSeq;
    const match = /^([0-9a-z]+)\.([0-9a-z]+)$/.exec(resume);
    if (!match || parseInt(match[1] ?? '', 36) !== this.generation) {
      throw badParameter(
        'resume_offset',
        "earliest, latest, or a resume_offset from this collector's control chunks",
      );
    }
    const seq = parseInt(match[2] ?? '', 36);
    if (seq > this.nextSeq)
      throw badParameter('resume_offset', "this offset lies beyond the collector's data");
    return seq;
  }
}

export class CollectorRegistry {
  private readonly collectors = new Map<string, Collector>();
  private generations = 0;

  constructor(
    private readonly streams: StreamRegistry,
    private readonly credits: CreditLedger,
    private readonly now: () => number,
  ) {}

  put(id: string, query: CollectorQuery | undefined): Collector {
    const compiled = compileCollector(query ?? {}, this.streams);
    const existing = this.collectors.get(id);
    if (existing) {
      // api.md: an existing id has its rules overridden and its data kept.
      existing.compiled = compiled;
      existing.state = compiled.empty ? 'PAUSED' : 'ACTIVE';
      return existing;
    }
    const collector = new Collector(id, ++this.generations, compiled, this.now());
    this.collectors.set(id, collector);
    return collector;
  }

  get(id: string): Collector {
    const collector = this.collectors.get(id);
    if (!collector) throw notFound('collector', id);
    collector.expire(this.now() - RETENTION_MS);
    return collector;
  }

  delete(id: string): void {
    this.get(id);
    this.collectors.delete(id);
  }

  pause(id: string): Collector {
    const collector = this.get(id);
    collector.state = 'PAUSED';
    return collector;
  }

  resume(id: string): Collector {
    const collector = this.get(id);
    if (collector.compiled.empty)
      throw badParameter(
        'collector_query',
        'this collector defines nothing to collect: give it a definition first',
      );
    if (this.credits.remaining() === 0) {
      collector.state = 'NO_CREDITS';
      return collector;
    }
    collector.state = 'ACTIVE';
    return collector;
  }

  /** A live arrival: every ACTIVE collector it matches buffers it, for 1 credit. */
  arrive(document: AnalyticsDocument): void {
    for (const collector of this.collectors.values()) {
      if (collector.state !== 'ACTIVE') continue;
      const matched = collector.compiled.match(document);
      if (!matched) continue;
      if (this.credits.chargeUpTo(CREDIT_COSTS.collectorBuffered, 'state') === 0) {
        collector.state = 'NO_CREDITS';
        continue;
      }
      collector.push(document, matched, this.now());
    }
  }

  /** Export results go into the target whatever its state; the export paid for them. */
  receiveExport(
    id: string,
    document: AnalyticsDocument,
    taskId: string,
    project?: ExportedFrom,
  ): void {
    this.get(id).push(document, [taskId], this.now(), project);
  }

  expireAll(): void {
    for (const collector of this.collectors.values()) collector.expire(this.now() - RETENTION_MS);
  }

  states(): { collector_id: string; state: CollectorState }[] {
    return [...this.collectors.values()].map((collector) => ({
      collector_id: collector.id,
      state: collector.state,
    }));
  }

  reset(): void {
    this.collectors.clear();
  }
}
