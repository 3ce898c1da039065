// A file's rules, as the lab's counts read them. A small file is read here, in the extension
// host, by the code the language server runs for RulesRequest (core/query/fileRules.ts), so the
// two always agree: a file that has just opened is what the server is busy with (about 80 ms in
// the labEditor benchmark), and its counts would wait for that. A large file is the server's:
// reading it here would hold up the extension host, and every other extension with it.
import type * as vscode from 'vscode';
import { FileAnalysis } from '../../../core/query/fileAnalysis';
import { fileRulesOf, type FileRules } from '../../../core/query/fileRules';
import { LineIndex } from '../../../core/query/lineIndex';
import { fileNameOf } from '../../../core/query/ruleId';

/** Up to this many characters a file is read in the extension host (a few milliseconds). */
export const LOCAL_RULES_MAX_CHARS = 64 * 1024;
/** A file of more lines than this is the server's without copying its text to measure it. */
const LOCAL_RULES_MAX_LINES = 4_000;

/** What of a document the lab reads. */
export type LabDocument = Pick<vscode.TextDocument, 'getText' | 'lineCount' | 'version' | 'uri'>;

/** The file name that names a header-less rule of `document`, as the language server reads it. */
export function ruleFileNameOf(document: Pick<vscode.TextDocument, 'uri'>): string {
  return fileNameOf(document.uri.toString());
}

export async function labRulesOf<Document extends LabDocument>(
  document: Document,
  language: { rulesOf(document: Document): Promise<FileRules | undefined> },
): Promise<FileRules | undefined> {
  if (document.lineCount > LOCAL_RULES_MAX_LINES) return language.rulesOf(document);
  const text = document.getText();
  if (text.length > LOCAL_RULES_MAX_CHARS) return language.rulesOf(document);
  return fileRulesOf(
    FileAnalysis.of(text, ruleFileNameOf(document)),
    new LineIndex(text),
    document.version,
  );
}
