// What a report table can show of an upload of any size: every outcome counted, and the first
// `perOutcome` lines of each kept (in input order), so that a million applied documents cost a
// table of a few thousand rows while every refusal up to that many is still there to read; and
// the lines of the report that could not be read, counted, the first of their numbers kept.
import { noOutcomes, type OutcomeCounts, type ReportLine } from './report';

/** Numbers of unreadable lines kept to name: a note names a few, not thousands. */
export const UNREADABLE_NAMED = 20;

export interface Unreadable {
  readonly count: number;
  /** The first UNREADABLE_NAMED of their line numbers in the report file (those it holds). */
  readonly lines: number[];
}

export class ReportSample {
  private readonly counted = noOutcomes();
  private readonly keptOf = noOutcomes();
  private readonly kept: ReportLine[] = [];
  private unreadableCount = 0;
  private readonly unreadableLines: number[] = [];

  constructor(private readonly perOutcome: number) {}

  add(line: ReportLine): void {
    this.counted[line.outcome]++;
    if (this.keptOf[line.outcome] >= this.perOutcome) return;
    this.keptOf[line.outcome]++;
    this.kept.push(line);
  }

  /**
   * A line of the report file that is not a report line: its number there, or undefined when it
   * is not in the file (too long to keep).
   */
  addUnreadable(line: number | undefined): void {
    this.unreadableCount++;
    if (line !== undefined && this.unreadableLines.length < UNREADABLE_NAMED)
      this.unreadableLines.push(line);
  }

  get unreadable(): Unreadable {
    return { count: this.unreadableCount, lines: [...this.unreadableLines] };
  }

  get counts(): OutcomeCounts {
    return { ...this.counted };
  }

  /** The lines kept, in the order they were added. */
  get lines(): readonly ReportLine[] {
    return this.kept;
  }

  /** Documents a retry sends again: all but the applied ones. */
  get retryable(): number {
    return this.counted.refused + this.counted.unknown + this.counted['not-sent'];
  }
}
