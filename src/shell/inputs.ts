// The quick picks and input boxes of the live wizards, in one place: every one stays open when
// focus moves (a wizard is several steps), matches on descriptions too, and resolves with the
// value of what was picked, or undefined when the user pressed Escape.
import * as vscode from 'vscode';

export interface Choice<T> extends vscode.QuickPickItem {
  readonly value: T;
}

export async function pickOne<T>(
  title: string,
  items: readonly Choice<T>[],
  placeHolder?: string,
): Promise<T | undefined> {
  const picked = await vscode.window.showQuickPick(items, {
    title,
    ignoreFocusOut: true,
    matchOnDescription: true,
    ...(placeHolder === undefined ? {} : { placeHolder }),
  });
  return picked?.value;
}

/** Several values at once; an empty selection is an answer ([]), Escape is not (undefined). */
export async function pickMany<T>(
  title: string,
  items: readonly Choice<T>[],
  placeHolder: string,
): Promise<T[] | undefined> {
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder,
    canPickMany: true,
    ignoreFocusOut: true,
    matchOnDescription: true,
  });
  return picked?.map((item) => item.value);
}

/**
 * Text, checked as it is typed: `check` answers what is wrong (an error: not accepted) or a
 * note (information, accepted), or nothing.
 */
export async function ask(
  title: string,
  prompt: string,
  options: {
    readonly value?: string;
    readonly placeHolder?: string;
    readonly check?: (
      value: string,
    ) =>
      | string
      | vscode.InputBoxValidationMessage
      | undefined
      | Thenable<string | vscode.InputBoxValidationMessage | undefined>;
  } = {},
): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title,
    prompt,
    ignoreFocusOut: true,
    ...(options.value === undefined ? {} : { value: options.value }),
    ...(options.placeHolder === undefined ? {} : { placeHolder: options.placeHolder }),
    ...(options.check ? { validateInput: options.check } : {}),
  });
  return value?.trim();
}

/** A note under an input box that does not stop the user from accepting it. */
export const note = (message: string): vscode.InputBoxValidationMessage => ({
  message,
  severity: vscode.InputBoxValidationSeverity.Info,
});
