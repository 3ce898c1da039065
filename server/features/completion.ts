// Completion: field names, closed values after `field:`, operators where an operator fits,
// annotations in the file's leading comments, and the rule header snippet.
import {
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type Position,
} from 'vscode-languageserver';
import { KNOWN_ANNOTATIONS } from '../../core/query/file';
import { FIELDS, fieldDocumentation, fieldValues, lookupField } from '../../core/query/fields';
import type { Analysis } from '../analysisCache';
import { OPERATOR_DOCS } from './operatorDocs';

const FIELD_VALUE = /([A-Za-z_][A-Za-z0-9_.]*):([^\s()"]*)$/;
const PARTIAL_WORD = /[^\s()":]*$/;

function lineBefore(analysis: Analysis, position: Position): string {
  const start = analysis.lines.offsetAt({ line: position.line, character: 0 });
  return analysis.file.text.slice(start, analysis.lines.offsetAt(position));
}

function range(position: Position, length: number) {
  return { start: { line: position.line, character: position.character - length }, end: position };
}

function annotationItems(
  analysis: Analysis,
  position: Position,
  before: string,
): CompletionItem[] | null {
  const match = /\/\/\s*@(\w*)$/.exec(before);
  if (!match) return null;
  const firstRule = analysis.file.rules[0];
  const offset = analysis.lines.offsetAt(position);
  if (firstRule?.headerSpan && offset > firstRule.headerSpan.start) return [];
  return KNOWN_ANNOTATIONS.map((name) => ({
    label: `@${name}`,
    kind: CompletionItemKind.Keyword,
    detail: name === 'stream' ? 'the stream this file is pushed to' : 'the project commands run in',
    textEdit: { range: range(position, (match[1] ?? '').length + 1), newText: `@${name} ` },
  }));
}

function valueItems(position: Position, fieldName: string, typed: string): CompletionItem[] {
  const field = lookupField(fieldName);
  if (!field) return [];
  return fieldValues(field).map((entry, index) => ({
    label: entry.value,
    kind: CompletionItemKind.EnumMember,
    detail: entry.description,
    sortText: String(index).padStart(4, '0'),
    textEdit: { range: range(position, typed.length), newText: entry.value },
  }));
}

/** An operator fits after an operand: not at the start, and not after `(` or another operator. */
function operatorFits(before: string, typed: string): boolean {
  const previous = before.slice(0, before.length - typed.length).trimEnd();
  if (previous === '' || previous.endsWith('(')) return false;
  return !/(^|[\s(])(AND|OR|NOT|O?NEAR(\/\d+)?|O?SENTENCE)$/.test(previous);
}

export function completions(analysis: Analysis, position: Position): CompletionItem[] {
  const before = lineBefore(analysis, position);
  const annotations = annotationItems(analysis, position, before);
  if (annotations) return annotations;
  if (/^\s*#{1,3}$/.test(before)) {
    return [
      {
        label: '### rule',
        kind: CompletionItemKind.Snippet,
        detail: 'a new rule',
        insertTextFormat: InsertTextFormat.Snippet,
        textEdit: {
          range: range(position, before.trimStart().length),
          newText: '### ${1:rule-id}\n$0',
        },
      },
    ];
  }
  if (/(^|\s)\/\//.test(before)) return [];
  const fieldValue = FIELD_VALUE.exec(before);
  if (fieldValue) return valueItems(position, fieldValue[1] ?? '', fieldValue[2] ?? '');

  const typed = PARTIAL_WORD.exec(before)?.[0] ?? '';
  const items: CompletionItem[] = FIELDS.map((field) => ({
    label: `${field.name}:`,
    kind: CompletionItemKind.Field,
    detail: field.summary,
    documentation: { kind: MarkupKind.Markdown, value: fieldDocumentation(field) },
    sortText: `1${field.name}`,
    textEdit: { range: range(position, typed.length), newText: `${field.name}:` },
    // Values follow right away for fields that have a list.
    command: field.values
      ? { title: 'values', command: 'editor.action.triggerSuggest' }
      : undefined,
  }));
  if (operatorFits(before, typed)) {
    for (const [label, documentation] of Object.entries(OPERATOR_DOCS)) {
      items.push({
        label,
        kind: CompletionItemKind.Operator,
        documentation: { kind: MarkupKind.Markdown, value: documentation },
        sortText: `0${label}`,
        textEdit: { range: range(position, typed.length), newText: `${label} ` },
      });
    }
  }
  return items;
}
