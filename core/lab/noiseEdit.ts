// The noise finder's edit: a term added to a rule as an exclusion (into the rule's last top-level
// `AND NOT (…)` group when it has one, rather than a second group beside it) or as a required
// term; then the rule formatted as the formatter formats it, and the change given as one minimal
// text edit of the file (an ordinary workspace edit: undo works).
import type { QueryNode, Rule } from '../query/ast';
import type { TextEdit } from '../query/diagnostic';
import { formatRange } from '../query/formatter';
import { minimalEdit } from '../query/format/edits';
import { printFlat } from '../query/format/flat';
import { parseFile } from '../query/file';
import { unwrapped } from './ruleParts';
import { termOperand } from './termOperand';

export type NoiseAction = 'exclude' | 'require';

export type NoiseEdit =
  | {
      readonly ok: true;
      readonly edit: TextEdit;
      /** The rule's query after the edit, one line: what to count for the preview. */
      readonly query: string;
    }
  | { readonly ok: false; readonly problem: string };

interface Insertion {
  readonly at: number;
  readonly text: string;
}

/** Inserted after the whole query, which is put in parentheses first when it is an OR list. */
function appended(query: QueryNode, text: string): Insertion[] {
  if (query.kind !== 'or') return [{ at: query.span.end, text: ` AND ${text}` }];
  return [
    { at: query.span.start, text: '(' },
    { at: query.span.end, text: `) AND ${text}` },
  ];
}

function conjunctsOf(query: QueryNode): readonly QueryNode[] {
  const root = unwrapped(query);
  return root.kind === 'and' ? root.operands : [root];
}

function exclusionInsertions(query: QueryNode, operand: string): Insertion[] {
  const groups = conjunctsOf(query).filter(
    (node) => node.kind === 'not' && node.operand.kind === 'group' && node.operand.closed,
  );
  const last = groups[groups.length - 1];
  if (last?.kind === 'not' && last.operand.kind === 'group' && last.operand.expression)
    return [{ at: last.operand.expression.span.end, text: ` OR ${operand}` }];
  return appended(query, `NOT ${operand}`);
}

/** Before the exclusions when they follow the positive parts: the rule reads as it did. */
function requirementInsertions(query: QueryNode, operand: string): Insertion[] {
  if (query.kind === 'or') return appended(query, operand);
  const conjuncts = conjunctsOf(query);
  const firstExclusion = conjuncts.findIndex((node) => node.kind === 'not');
  const before = conjuncts[firstExclusion - 1];
  if (firstExclusion > 0 && before) return [{ at: before.span.end, text: ` AND ${operand}` }];
  return appended(query, operand);
}

function inserted(text: string, insertions: readonly Insertion[]): string {
  let result = text;
  for (const { at, text: piece } of [...insertions].sort((a, b) => b.at - a.at))
    result = result.slice(0, at) + piece + result.slice(at);
  return result;
}

function formattedRule(text: string, fileName: string, index: number): string {
  const rule = parseFile(text, fileName).rules[index];
  if (!rule) return text;
  let result = text;
  const edits = formatRange(text, fileName, rule.bodySpan);
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start))
    result = result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.end);
  return result;
}

export function noiseEdit(
  text: string,
  fileName: string,
  ruleId: string,
  term: string,
  action: NoiseAction,
): NoiseEdit {
  const rules = parseFile(text, fileName).rules;
  const index = rules.findIndex((rule: Rule) => rule.id === ruleId);
  const rule = rules[index];
  if (!rule) return { ok: false, problem: `no rule \`${ruleId}\` in ${fileName}` };
  const query = rule.parsed.query;
  if (!query || rule.parsed.issues.length > 0)
    return { ok: false, problem: `rule \`${ruleId}\` has syntax errors: fix them first` };
  const operand = termOperand(term);
  if (operand === null) return { ok: false, problem: 'the term is empty' };
  const insertions =
    action === 'exclude'
      ? exclusionInsertions(query, operand)
      : requirementInsertions(query, operand);
  const after = formattedRule(inserted(text, insertions), fileName, index);
  const edited = parseFile(after, fileName).rules[index]?.parsed.query;
  const edit = minimalEdit(text, after, 0);
  if (!edit || !edited) return { ok: false, problem: 'the edit changes nothing' };
  return { ok: true, edit, query: printFlat(edited) };
}
