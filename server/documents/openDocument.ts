// A document the client has open, as the server holds it: its text in pieces (documentText.ts),
// changed by the client's incremental edits. vscode-languageserver's TextDocuments keeps these by
// URI and fires the open, change and close events; this says how one is made and changed, as
// vscode-languageserver-textdocument's TextDocument does, with the text kept in pieces instead
// of one string.
import type {
  Range,
  TextDocumentContentChangeEvent,
  TextDocumentsConfiguration,
} from 'vscode-languageserver';
import { DocumentText } from './documentText';

export interface OpenDocument {
  readonly uri: string;
  readonly languageId: string;
  readonly version: number;
  readonly text: DocumentText;
}

/**
 * The text after `changes`, made one after the other: a change with a range replaces it (its
 * ends given either way round), one without replaces the whole text.
 */
export function withChanges(
  text: DocumentText,
  changes: readonly TextDocumentContentChangeEvent[],
): DocumentText {
  let result = text;
  for (const change of changes) {
    const range: Range | undefined = 'range' in change ? change.range : undefined;
    if (typeof change.text !== 'string') throw new Error('Unknown change event received');
    if (!range) {
      result = result.replaced(0, result.length, change.text);
      continue;
    }
    // The ends either way round: offsets grow with positions, so the smaller is the start.
    const ends = [result.offsetAt(range.start), result.offsetAt(range.end)] as const;
    result = result.replaced(Math.min(...ends), Math.max(...ends), change.text);
  }
  return result;
}

export const openDocuments: TextDocumentsConfiguration<OpenDocument> = {
  create: (uri, languageId, version, content) => ({
    uri,
    languageId,
    version,
    text: DocumentText.of(content),
  }),
  // A new object for each version: what was read of the one before (an analysis, a request in
  // flight) keeps reading the text it was made from.
  update: (document, changes, version) => ({
    ...document,
    version,
    text: withChanges(document.text, changes),
  }),
};
