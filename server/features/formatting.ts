// Document and range formatting through core/query's formatter.
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver';
import { formatEdits, formatRange } from '../../core/query/format';
import { fileNameOf, type Analysis } from '../analysisCache';
import { toRange, toSpan } from '../convert';

function toLsp(analysis: Analysis, edits: ReturnType<typeof formatEdits>): TextEdit[] {
  return edits.map((edit) => ({
    range: toRange(analysis.lines, edit.span),
    newText: edit.newText,
  }));
}

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
    formatEdits(analysis.file.text, fileNameOf(analysis.uri), {
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
    formatRange(analysis.file.text, fileNameOf(analysis.uri), span, {
      indent: indentOf(options),
      lineWidth,
    }),
  );
}
