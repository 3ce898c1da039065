// What a report table can show of an upload of any size: every outcome counted, and the first
// `perOutcome` lines of each kept (in input order), so that a million applied documents cost a
// table of a few thousand rows while every refusal up to that many is still there to read.
import { noOutcomes, type OutcomeCounts, type ReportLine } from './report';

export class ReportSample {
  private readonly counted = noOutcomes();
  private readonly keptOf = noOutcomes();
  private readonly kept: ReportLine[] = [];

  constructor(private readonly perOutcome: number) {}

  add(line: ReportLine): void {
    this.counted[line.outcome]++;
    if (this.keptOf[line.outcome] >= this.perOutcome) return;
    this.keptOf[line.outcome]++;
    this.kept.push(line);
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
