// One rule's parts table as `mmq explain` reports it: the JSON record of `--format json`, which
// the text table is printed from too. Positions are zero-based, as `mmq lint --format json`
// gives them (LSP's); the text output adds one, as compilers do.
import type { CountWindow } from '../../core/lab/countWindow';
import type { CountTarget, DailyCounts } from '../../core/lab/countSource';
import type { RuleExplanation } from '../../core/lab/explanation';
import { flagMessage, type LabFlagCode } from '../../core/lab/labFlags';
import type { RulePart } from '../../core/lab/ruleParts';
import type { Span } from '../../core/query/ast';
import type { LineIndex, Position } from '../../core/query/lineIndex';

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export interface PartRecord {
  readonly kind: RulePart['kind'];
  readonly text: string;
  readonly range: Range;
  /** Operands: documents matched within the rule. */
  readonly count?: number;
  /** Operands: documents only this operand brings. */
  readonly only?: number;
  /** Exclusions: documents removed. */
  readonly removed?: number;
  readonly flags: readonly LabFlagCode[];
}

export interface FlagRecord {
  readonly code: LabFlagCode;
  readonly message: string;
  readonly range: Range;
}

export interface RuleRecord {
  readonly file: string;
  readonly rule: string;
  readonly range: Range;
  readonly window: CountWindow;
  readonly target: CountTarget;
  readonly total: number;
  /** The rule's count per day of the window (the sparkline). */
  readonly daily: DailyCounts['days'];
  readonly parts: readonly PartRecord[];
  readonly flags: readonly FlagRecord[];
}

export interface RuleContext {
  readonly file: string;
  readonly rule: string;
  readonly span: Span;
  readonly lines: LineIndex;
  readonly window: CountWindow;
  readonly target: CountTarget;
  readonly daily: DailyCounts;
}

export function ruleRecord(context: RuleContext, explanation: RuleExplanation): RuleRecord {
  const rangeOf = (span: Span): Range => ({
    start: context.lines.positionAt(span.start),
    end: context.lines.positionAt(span.end),
  });
  const partRecord = (part: RulePart, numbers: object, flags: readonly LabFlagCode[]) => ({
    kind: part.kind,
    text: part.text,
    range: rangeOf(part.span),
    ...numbers,
    flags,
  });
  const parts: PartRecord[] = [
    ...explanation.operands.map(({ part, count, only, flags }) =>
      partRecord(part, { count, only }, flags),
    ),
    ...explanation.required.map((part) => partRecord(part, {}, [])),
    ...explanation.exclusions.map(({ part, removed, flags }) =>
      partRecord(part, { removed }, flags),
    ),
  ];
  const flags = parts.flatMap((part) =>
    part.flags.map((code) => ({
      code,
      message: flagMessage(code, part.text, explanation.total),
      range: part.range,
    })),
  );
  return {
    file: context.file,
    rule: context.rule,
    range: rangeOf(context.span),
    window: context.window,
    target: context.target,
    total: explanation.total,
    daily: context.daily.days,
    parts,
    flags,
  };
}
