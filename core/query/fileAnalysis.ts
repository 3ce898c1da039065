// The analysis of a whole `.mmq` file as a row of segments (segment.ts, segmentRow.ts), and its
// update after an edit: only the segments the edit touches are analysed again; the others are
// reused where they now stand, moved by the edit's length (shift.ts). What depends on the whole
// file is computed from the row: duplicate rule ids (a map over the rule ids, carried over when an
// edit kept every id in place), the file as `MmqFile`, and the diagnostics, each when first asked
// for. The text is read in stretches (a TextSource): after an edit, only the stretch of the
// segments it touched, so that a text kept in pieces (the language server's) is never joined
// whole for an edit. So an edit costs the rule it touched plus a pass over the row's blocks and
// the segments that have diagnostics, not a parse, a read or a copy of the whole file.
import type { Annotation, Comment, FileIssue, MmqFile, Rule } from './ast';
import { byPosition } from './cap';
import type { QueryDiagnostic } from './diagnostic';
import { ruleIdFromFileName } from './ruleId';
import { fileIssueDiagnostic } from './ruleDiagnostics';
import { analyseHeaderless, analyseStretch, type Segment } from './segment';
import { SegmentRow } from './segmentRow';
import {
  shiftAnnotation,
  shiftComment,
  shiftDiagnostic,
  shiftIssue,
  shiftRule,
  shiftSpan,
} from './shift';
import { findChange, type TextChange } from './textChange';
import type { TextSource } from './textSource';

/** The segments of a whole text: rules under headers, or one header-less rule. */
export function segmentsOf(text: string, fileName: string): Segment[] {
  const segments = analyseStretch(text, 0, text.length);
  return segments.some((segment) => segment.kind === 'rule')
    ? segments
    : [analyseHeaderless(text, ruleIdFromFileName(fileName))];
}

/**
 * The segments of `text[from, to)` (`from` 0 or a header line's start, `to` a header line's start
 * or the end), analysed in a slice of only that stretch: their spans are offsets in the slice,
 * and each stands at its base plus `from` in the text.
 */
function analyseSlice(text: TextSource, from: number, to: number): Segment[] {
  const slice = text.slice(from, to);
  return analyseStretch(slice, 0, slice.length, to === text.length);
}

/**
 * An edit's effect on the row of segments: `fresh` replaced the old `first`…`last`, analysed in a
 * slice that starts at `from` in the text.
 */
interface Replacement {
  readonly row: SegmentRow;
  readonly first: number;
  readonly last: number;
  readonly fresh: readonly Segment[];
  readonly from: number;
}

/** The rule id a segment declares, as duplicate detection sees it. */
function idOf(segment: Segment | undefined): string | null {
  const rule = segment?.kind === 'rule' ? segment.rule : null;
  return rule && rule.id !== '' && rule.idSpan ? rule.id : null;
}

export class FileAnalysis {
  private duplicateIssues: ReadonlyMap<number, FileIssue> | undefined;
  private ruleList: readonly Rule[] | undefined;
  private materialized: MmqFile | undefined;
  private diagnosticList: readonly QueryDiagnostic[] | undefined;

  private constructor(
    /** The text analysed: a string, or a text kept in pieces, read in stretches. */
    private readonly source: TextSource,
    readonly fileName: string,
    /**
     * The segments in file order, as analysed, with where each stands in the text now (an edit
     * above it moved it from its base).
     */
    private readonly row: SegmentRow,
    duplicates?: ReadonlyMap<number, FileIssue>,
  ) {
    this.duplicateIssues = duplicates;
  }

  static of(text: TextSource, fileName: string): FileAnalysis {
    const segments = segmentsOf(text.toString(), fileName);
    return new FileAnalysis(
      text,
      fileName,
      SegmentRow.of(
        segments,
        segments.map(({ base }) => base),
      ),
    );
  }

  /** The whole text; for a text in pieces, joined when first read. */
  get text(): string {
    return this.source.toString();
  }

  /** The analysis of `text`, a later version of this one's text: what changed found by comparing. */
  edited(text: string): FileAnalysis {
    return this.editedBy(text, findChange(this.text, text));
  }

  /**
   * The analysis of `text`, which is this one's text with `change` made (or the same, when it is
   * null): only the stretch of the segments it touches is read.
   */
  editedBy(text: TextSource, change: TextChange | null): FileAnalysis {
    if (!change) return this;
    const kept = this.row.hasRule() ? this.segmentsAfter(change, text) : null;
    if (!kept) return FileAnalysis.of(text, this.fileName);
    return new FileAnalysis(
      text,
      this.fileName,
      kept.row,
      this.inheritedDuplicates(kept, change.newEnd - change.oldEnd),
    );
  }

  /**
   * The segments after `change`: those it touches analysed again (with a neighbour whose
   * boundary it touches), the others kept and moved. Null when the file gets no header, where
   * every line belongs to the one rule and everything is analysed again.
   */
  private segmentsAfter(change: TextChange, text: TextSource): Replacement | null {
    const { row } = this;
    const delta = change.newEnd - change.oldEnd;
    const last = row.lastStartingBefore(change.oldEnd, true);
    const to = last + 1 < row.length ? row.start(last + 1) + delta : text.length;
    // A segment is a header line and what follows it up to the next: if the edit made its first
    // line no header, that text joins the segment before, which is analysed again too.
    for (let first = row.lastStartingBefore(change.start, false); ; first--) {
      const from = row.start(first);
      const fresh = analyseSlice(text, from, to);
      if (from > 0 && fresh[0]?.kind !== 'rule') continue;
      const replaced = row.replaced(
        first,
        last,
        fresh,
        fresh.map((segment) => segment.base + from),
        delta,
      );
      if (!replaced.hasRule()) return null;
      return { row: replaced, first, last, fresh, from };
    }
  }

  /**
   * The duplicate rule ids after a replacement that kept every rule id in its place (an edit
   * inside a rule): this analysis's, moved, without a pass over every rule. Undefined when they
   * must be found again.
   */
  private inheritedDuplicates(
    { first, last, fresh, from }: Replacement,
    delta: number,
  ): ReadonlyMap<number, FileIssue> | undefined {
    const known = this.duplicateIssues;
    if (!known || fresh.length !== last - first + 1) return undefined;
    if (fresh.some((segment, index) => idOf(segment) !== idOf(this.row.segment(first + index))))
      return undefined;
    const moved = new Map<number, FileIssue>();
    for (const [index, issue] of known) {
      const rule = fresh[index - first]?.rule;
      if (index < first) moved.set(index, issue);
      else if (index > last) moved.set(index, shiftIssue(issue, delta));
      else if (rule?.idSpan) moved.set(index, { ...issue, span: shiftSpan(rule.idSpan, from) });
    }
    return moved;
  }

  /** Later rules that repeat an earlier rule's id, by their index in the row of segments. */
  private duplicates(): ReadonlyMap<number, FileIssue> {
    if (this.duplicateIssues) return this.duplicateIssues;
    const found = new Map<number, FileIssue>();
    const seen = new Set<string>();
    this.row.forEach((segment, start, index) => {
      const id = idOf(segment);
      const idSpan = segment.rule?.idSpan;
      if (id === null || !idSpan) return;
      if (seen.has(id)) {
        found.set(index, {
          code: 'file-structure',
          message: `duplicate rule id \`${id}\`: rule ids must be unique in a file`,
          span: shiftSpan(idSpan, start - segment.base),
          rule: id,
        });
      }
      seen.add(id);
    });
    return (this.duplicateIssues = found);
  }

  /** The rules in file order; a moved rule's tree is copied only when read. */
  get rules(): readonly Rule[] {
    if (this.ruleList) return this.ruleList;
    const rules: Rule[] = [];
    this.row.forEach((segment, start) => {
      if (segment.rule) rules.push(shiftRule(segment.rule, start - segment.base));
    });
    return (this.ruleList = rules);
  }

  /**
   * The rule of the segment holding `offset`, moved to where it stands; undefined where no rule
   * is (the preamble). A search of the row, not a pass over every rule.
   */
  ruleAt(offset: number): Rule | undefined {
    if (this.row.length === 0) return undefined;
    const index = this.row.lastStartingBefore(offset, true);
    const segment = this.row.segment(index);
    return segment.rule ? shiftRule(segment.rule, this.row.start(index) - segment.base) : undefined;
  }

  /** The file as the language features read it: every span a document offset. */
  get file(): MmqFile {
    if (this.materialized) return this.materialized;
    const duplicates = this.duplicates();
    const issues: FileIssue[] = [];
    const annotations: Annotation[] = [];
    const comments: Comment[] = [];
    this.row.forEach((segment, start, index) => {
      const delta = start - segment.base;
      for (const issue of segment.issues) issues.push(shiftIssue(issue, delta));
      const duplicate = duplicates.get(index);
      if (duplicate) issues.push(duplicate);
      if (segment.emptyIssue) issues.push(shiftIssue(segment.emptyIssue, delta));
      for (const annotation of segment.annotations)
        annotations.push(shiftAnnotation(annotation, delta));
      for (const comment of segment.comments) comments.push(shiftComment(comment, delta));
    });
    const source = this.source;
    return (this.materialized = {
      // Read when a feature reads it: the outline and semantic tokens read the rules alone.
      get text() {
        return source.toString();
      },
      annotations,
      comments,
      rules: this.rules,
      issues,
    });
  }

  /**
   * Every diagnostic in document order: each segment's own (made once per segment, capped per
   * rule), moved to where the segment stands, with the duplicate rule ids among them. Only the
   * segments that have any are read, and those with a duplicate id.
   */
  diagnostics(): readonly QueryDiagnostic[] {
    if (this.diagnosticList) return this.diagnosticList;
    const duplicates = this.duplicates();
    // Segment indices with a duplicate id, in order, merged with the row's diagnosed segments.
    const duplicated = [...duplicates.keys()].sort((a, b) => a - b);
    let next = 0;
    const list: QueryDiagnostic[] = [];
    const add = (segment: Segment, start: number, index: number): void => {
      const delta = start - segment.base;
      const from = list.length;
      for (const diagnostic of segment.diagnostics()) list.push(shiftDiagnostic(diagnostic, delta));
      const duplicate = duplicates.get(index);
      if (!duplicate) return;
      // In its place among the segment's own: they are sorted, and it belongs to this segment.
      const own = list.splice(from);
      own.push(fileIssueDiagnostic(duplicate));
      for (const diagnostic of own.sort(byPosition)) list.push(diagnostic);
    };
    const addDuplicatesBefore = (index: number): void => {
      for (; next < duplicated.length && (duplicated[next] as number) < index; next++) {
        const at = duplicated[next] as number;
        add(this.row.segment(at), this.row.start(at), at);
      }
    };
    this.row.forEachDiagnosed((segment, start, index) => {
      addDuplicatesBefore(index);
      if (duplicated[next] === index) next++;
      add(segment, start, index);
    });
    addDuplicatesBefore(Infinity);
    return (this.diagnosticList = list);
  }
}
