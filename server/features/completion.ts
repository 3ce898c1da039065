// Completion: field names, closed values after `field:` (and after `tag:` the tags of the file's
// `// @project`, else of the default project), operators where an operator fits, annotations in
// the file's leading comments, and the rule header snippet after `###`.
import {
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type Position,
  type Range,
} from 'vscode-languageserver';
import { KNOWN_ANNOTATIONS } from '../../core/query/file';
import { FIELDS, fieldDocumentation, fieldValues, lookupField } from '../../core/query/fieldTable';
import type { ProjectContext } from '../protocol';
import type { Rule } from '../../core/query/ast';
import type { Analysis } from '../analysisCache';
import { ANNOTATION_DOCS, OPERATOR_DOCS } from './docs';
import { ruleAt } from './ruleAt';

/** `field:` and what is typed of its value, at the end of the text before the cursor. */
const FIELD_VALUE = /([A-Za-z_][A-Za-z0-9_.]*):([^\s()"]*)$/;
/** The part of a field name or operator typed so far, which the chosen item replaces. */
const PARTIAL_NAME = /[A-Za-z0-9_./]*$/;
/** The whole word being typed, prefixes included. */
const WORD = /[^\s()"]*$/;
/** A comment on a line: `//` at its start or after white space (spec §1). */
const LINE_COMMENT = /(^|\s)\/\/.*$/;
const OPERATOR_BEFORE = /(^|[\s(])(AND|OR|NOT|O?NEAR(\/\d+)?|O?SENTENCE)$/;

/** The text of the cursor's line up to the cursor. */
function lineBefore(analysis: Analysis, position: Position): string {
  const start = analysis.lines.offsetAt({ line: position.line, character: 0 });
  return analysis.text.slice(start, analysis.lines.offsetAt(position));
}

/** The `length` characters before the cursor: what a chosen item replaces. */
function replacing(position: Position, length: number): Range {
  return { start: { line: position.line, character: position.character - length }, end: position };
}

/** The rule's query text before the cursor, comments removed, lines kept. */
function queryBefore(analysis: Analysis, rule: Rule, offset: number): string {
  return analysis.text
    .slice(rule.bodySpan.start, offset)
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(LINE_COMMENT, ''))
    .join('\n');
}

/** Inside a phrase every character is phrase text: nothing to complete. */
function insidePhrase(before: string): boolean {
  const quotes = before.replace(/\\"/g, '').match(/"/g)?.length ?? 0;
  return quotes % 2 === 1;
}

function annotationItems(
  analysis: Analysis,
  position: Position,
  before: string,
): CompletionItem[] | null {
  const match = /^\s*\/\/\s*@([\w-]*)$/.exec(before);
  if (!match) return null;
  // Annotations count only before the first rule header (spec §1).
  const firstHeader = analysis.file.rules[0]?.headerSpan;
  if (firstHeader && analysis.lines.offsetAt(position) > firstHeader.start) return [];
  return KNOWN_ANNOTATIONS.map((name) => ({
    label: `@${name}`,
    kind: CompletionItemKind.Keyword,
    detail: ANNOTATION_DOCS[name],
    textEdit: { range: replacing(position, (match[1] ?? '').length + 1), newText: `@${name} ` },
  }));
}

function headerItems(position: Position, before: string): CompletionItem[] {
  return [
    {
      label: '### rule',
      kind: CompletionItemKind.Snippet,
      detail: 'a new rule',
      documentation: 'A rule header: `###`, the rule id, then the rule’s query on the next lines.',
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: {
        range: replacing(position, before.trimStart().length),
        newText: '### ${1:rule-id}\n$0',
      },
    },
  ];
}

/**
 * Instead of an empty list: why there are no tags to offer, and (for a file with no project) the
 * command that chooses the default project. Choosing it leaves the text as typed.
 */
function unavailableTags(
  why: NonNullable<ProjectContext['unavailable']>,
  range: Range,
  typed: string,
): CompletionItem {
  const noProject = why === 'noProject';
  return {
    label: noProject ? 'Choose a project for tag: values…' : 'Tags need a connection',
    kind: CompletionItemKind.Text,
    detail: noProject
      ? 'Tags are a project’s: add `// @project <id>` before the first rule, or set a default project'
      : 'Connect to the sandbox or a service to complete tags',
    documentation: {
      kind: MarkupKind.Markdown,
      value: noProject
        ? 'Tags belong to a project. Name the file’s project with `// @project <id>` in its leading comments, or choose a default project (**Media Monitoring: Set Default Project**, which this item runs).'
        : 'The extension is not connected: the status bar says why.',
    },
    filterText: typed,
    textEdit: { range, newText: typed },
    ...(noProject
      ? { command: { title: 'Set Default Project', command: 'mediaMonitoring.project.setDefault' } }
      : {}),
  };
}

/** A tag id as a value: quoted when it holds what would end a term. */
function valueText(id: string): string {
  return /^[^\s()":]+$/.test(id) ? id : `"${id.replace(/"/g, '\\"')}"`;
}

function valueItems(
  position: Position,
  fieldName: string,
  typed: string,
  project: ProjectContext | undefined,
): CompletionItem[] {
  const field = lookupField(fieldName);
  if (!field) return [];
  const range = replacing(position, typed.length);
  if (field.name === 'tag') {
    if (project?.unavailable) return [unavailableTags(project.unavailable, range, typed)];
    return (project?.tags ?? []).map((tag) => ({
      label: tag.id,
      labelDetails: { description: tag.label },
      kind: CompletionItemKind.Value,
      detail: tag.label,
      // People know their tags by label: typing the label finds the id.
      filterText: `${tag.id} ${tag.label}`,
      textEdit: { range, newText: valueText(tag.id) },
    }));
  }
  return fieldValues(field).map((entry, index) => ({
    label: entry.value,
    labelDetails: entry.description ? { description: entry.description } : undefined,
    kind: CompletionItemKind.EnumMember,
    detail: entry.description,
    // fieldValues' order (common languages first, parents before their children) rather than
    // the alphabet VS Code would otherwise sort labels by.
    sortText: String(index).padStart(4, '0'),
    textEdit: { range, newText: entry.value },
  }));
}

/**
 * Binary operators fit after an operand; `NOT` fits where an operand may start (at the start,
 * after `(`, or after AND/OR), since `NOT x` and `a AND NOT b` are both valid.
 */
function operatorsThatFit(query: string, typed: string): string[] {
  const previous = query.slice(0, query.length - typed.length).trimEnd();
  // After a `-` or `+` prefix comes its operand.
  if (/[-+]$/.test(previous)) return [];
  const atOperandStart =
    previous === '' || previous.endsWith('(') || /(^|[\s(])(AND|OR)$/.test(previous);
  if (atOperandStart) return ['NOT'];
  if (OPERATOR_BEFORE.test(previous)) return [];
  return Object.keys(OPERATOR_DOCS);
}

function operatorItem(position: Position, typed: string, label: string): CompletionItem {
  const distance = /^(O?NEAR)\/(\d+)$/.exec(label);
  return {
    label,
    kind: CompletionItemKind.Operator,
    documentation: { kind: MarkupKind.Markdown, value: OPERATOR_DOCS[label] ?? '' },
    sortText: `0${label}`,
    // The distance is a placeholder: the user types their own N over the 5.
    insertTextFormat: distance ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    textEdit: {
      range: replacing(position, typed.length),
      newText: distance ? `${distance[1]}/\${1:${distance[2]}} $0` : `${label} `,
    },
  };
}

function fieldItems(position: Position, typed: string): CompletionItem[] {
  return FIELDS.map((field) => ({
    label: `${field.name}:`,
    kind: CompletionItemKind.Field,
    detail: field.summary,
    documentation: { kind: MarkupKind.Markdown, value: fieldDocumentation(field) },
    sortText: `1${field.name}`,
    textEdit: { range: replacing(position, typed.length), newText: `${field.name}:` },
    // The list of values follows right away for the fields that have one.
    command:
      field.values || field.name === 'tag'
        ? { title: 'Suggest values', command: 'editor.action.triggerSuggest' }
        : undefined,
  }));
}

/**
 * The project the file names with `// @project <id>`, whose tags complete after `tag:`; null when
 * it names none (the client then answers for its default project).
 */
export function annotatedProject(analysis: Analysis): string | null {
  const annotation = analysis.file.annotations.find(
    ({ name, value }) => name === 'project' && value !== '',
  );
  return annotation?.value ?? null;
}

/** Whether completing at `position` uses the project's tags (worth asking the client for). */
export function completionNeedsProjectContext(analysis: Analysis, position: Position): boolean {
  const match = FIELD_VALUE.exec(lineBefore(analysis, position));
  return match !== null && lookupField(match[1] ?? '')?.name === 'tag';
}

export function completions(
  analysis: Analysis,
  position: Position,
  project?: ProjectContext,
): CompletionItem[] {
  const before = lineBefore(analysis, position);
  const annotations = annotationItems(analysis, position, before);
  if (annotations) return annotations;
  if (/^\s*#{1,3}$/.test(before)) return headerItems(position, before);
  // A header line holds an id and maybe a comment, never query text.
  if (/^\s*###\s/.test(before) || LINE_COMMENT.test(before)) return [];
  const offset = analysis.lines.offsetAt(position);
  // Outside every rule (the comments before the first header) no query text belongs.
  const rule = ruleAt(analysis, offset);
  if (!rule) return [];
  const query = queryBefore(analysis, rule, offset);
  if (insidePhrase(query)) return [];
  const fieldValue = FIELD_VALUE.exec(before);
  if (fieldValue) return valueItems(position, fieldValue[1] ?? '', fieldValue[2] ?? '', project);
  // `#tag` and `@handle` are search words being typed, not the start of a field name.
  if (/^[-+]*[#@]/.test(WORD.exec(before)?.[0] ?? '')) return [];
  const typed = PARTIAL_NAME.exec(before)?.[0] ?? '';
  return [
    ...operatorsThatFit(query, typed).map((label) => operatorItem(position, typed, label)),
    ...fieldItems(position, typed),
  ];
}
