// Where the URLs of the documents to delete or undelete come from: the editor's selection (or
// its whole file when nothing is selected: a list of URLs, or an upload report), the clipboard,
// or typed. Each is read as `mmq docs --from` reads a file (core/uploads/urlList.ts). Offers only
// the sources that hold something; with none, goes straight to typing.
import { counted } from '../../../core/plural';
import * as vscode from 'vscode';
import type { DocumentRemoval } from '../../../core/api/schemas/uploads';
import { urlListOf, urlProblem, type UrlList } from '../../../core/uploads/urlList';
import { ask, pickOne, type Choice } from '../../shell/inputs';

export interface ListedUrls {
  readonly list: UrlList;
  /** Where they came from, for messages: `the selection`, `the clipboard`. */
  readonly from: string;
}

const linesIn = (text: string) => text.split('\n').filter((line) => line.trim() !== '').length;
const lines = (n: number) => counted(n, 'line');

/** The active editor's selected text, or its whole text when nothing is selected. */
function editorText():
  { text: string; label: string; description: string; from: string } | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const name = vscode.workspace.asRelativePath(editor.document.uri);
  const selected = editor.selections
    .filter((selection) => !selection.isEmpty)
    .map((selection) => editor.document.getText(selection))
    .join('\n');
  if (selected.trim() !== '')
    return {
      text: selected,
      label: 'The selection',
      description: `${lines(linesIn(selected))} of ${name}`,
      from: 'the selection',
    };
  const whole = editor.document.getText();
  if (whole.trim() === '') return undefined;
  return { text: whole, label: `All of ${name}`, description: lines(linesIn(whole)), from: name };
}

/** Typed URLs, separated by spaces (an input box holds one line), each checked as typed. */
async function typed(action: DocumentRemoval): Promise<string | undefined> {
  const text = await ask(
    `${action === 'delete' ? 'Delete' : 'Undelete'} documents`,
    'The URLs of the documents, separated by spaces',
    {
      placeHolder: 'https://news.acme.example/2024/launch https://…',
      check: (value) => {
        const words = value.split(/\s+/).filter(Boolean);
        if (words.length === 0) return 'At least one URL';
        for (const word of words) {
          const problem = urlProblem(word);
          if (problem !== undefined) return `${word}: ${problem}`;
        }
        return undefined;
      },
    },
  );
  return text?.split(/\s+/).join('\n');
}

export async function askUrls(action: DocumentRemoval): Promise<ListedUrls | undefined> {
  const inEditor = editorText();
  const clipboard = await vscode.env.clipboard.readText();
  const choices: Choice<'editor' | 'clipboard' | 'typed'>[] = [
    ...(inEditor
      ? [{ label: inEditor.label, description: inEditor.description, value: 'editor' as const }]
      : []),
    ...(clipboard.trim() !== ''
      ? [
          {
            label: 'The clipboard',
            description: lines(linesIn(clipboard)),
            value: 'clipboard' as const,
          },
        ]
      : []),
    { label: 'Type them', description: 'separated by spaces', value: 'typed' },
  ];
  const source =
    choices.length === 1
      ? 'typed'
      : await pickOne(
          `${action === 'delete' ? 'Delete' : 'Undelete'} documents`,
          choices,
          'Where are their URLs? One a line, or the lines of an upload report (the applied ones)',
        );
  switch (source) {
    case undefined:
      return undefined;
    case 'editor':
      return inEditor && { list: urlListOf(inEditor.text), from: inEditor.from };
    case 'clipboard':
      return { list: urlListOf(clipboard), from: 'the clipboard' };
    case 'typed': {
      const text = await typed(action);
      return text === undefined ? undefined : { list: urlListOf(text), from: 'what was typed' };
    }
  }
}
