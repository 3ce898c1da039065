// Document and range formatting through core/query's formatter.
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver';
import type { TextEdit as CoreEdit } from '../../core/query/diagnostic';
import { formatFileEdits, formatFileRange } from '../../core/query/formatter';
import { fileNameOf } from '../../core/query/ruleId';
import type { Analysis } from '../analysisCache';
import { toRange, toSpan } from '../convert';

function toLsp(analysis: Analysis, edits: readonly CoreEdit[]): TextEdit[] {
  return edits.map((edit) => ({
    range: toRange(analysis.lines, edit.span),
    newText: edit.newText,
  }));
}

// The analysis the server holds is formatted, not the text parsed again: on a large file that
// parse was half the time of formatting and doubled the server's memory while it ran.

/**
 * The canonical indentation is two spaces whatever the editor's tab size, so that a file
 * formatted in VS Code passes `mmq fmt --check`; only an editor set to tabs gets tabs.
 */
function indentOf(options: FormattingOptions): string {
  return options.insertSpaces ? '  ' : '\t';
}

export function formatDocument(
  analysis: Analysis,
  options: FormattingOptions,
  lineWidth: number,
): TextEdit[] {
  return toLsp(
    analysis,
    formatFileEdits(analysis.file, fileNameOf(analysis.uri), {
      indent: indentOf(options),
      lineWidth,
    }),
  );
}

export function formatDocumentRange(
  analysis: Analysis,
  range: Range,
  options: FormattingOptions,
  lineWidth: number,
): TextEdit[] {
  const span = toSpan(analysis.lines, range);
  return toLsp(
    analysis,
    formatFileRange(analysis.file, fileNameOf(analysis.uri), span, {
      indent: indentOf(options),
      lineWidth,
    }),
  );
}
