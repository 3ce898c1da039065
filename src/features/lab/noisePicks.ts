// The noise finder's two lists: the terms of a rule's theme cloud, each with Exclude and Require
// buttons (Enter excludes, the act a noise hunt wants most) and a button that changes how the
// service cuts the text into terms; then the preview of one edit, the count before and after and
// the theme cloud of the documents it would remove, with Apply on top.
import * as vscode from 'vscode';
import { TOKENIZING_MODES } from '../../../core/api/parameterValues';
import type { NoiseAction } from '../../../core/lab/noiseEdit';
import type { ThemeTerm, TokenizingMode } from '../../../core/lab/themeCloud';

export type TermChoice =
  { readonly term: string; readonly action: NoiseAction } | { readonly mode: TokenizingMode };

interface TermItem extends vscode.QuickPickItem {
  readonly term: string;
}

const EXCLUDE: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('remove'),
  tooltip: 'Exclude: add AND NOT to the rule',
};
const REQUIRE: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('add'),
  tooltip: 'Require: add AND to the rule',
};

const percent = (share: number) =>
  `${(share <= 1 ? share * 100 : share).toLocaleString('en', { maximumFractionDigits: 1 })}%`;

function nextMode(mode: TokenizingMode): TokenizingMode {
  const index = TOKENIZING_MODES.indexOf(mode);
  return TOKENIZING_MODES[(index + 1) % TOKENIZING_MODES.length] ?? 'normal';
}

/** Resolves with the term and what to do with it, another tokenizing mode, or undefined (Escape). */
export function pickTerm(
  terms: readonly ThemeTerm[],
  mode: TokenizingMode,
  title: string,
): Promise<TermChoice | undefined> {
  const pick = vscode.window.createQuickPick<TermItem>();
  pick.title = title;
  pick.placeholder = 'Enter excludes the term; the buttons exclude or require it';
  pick.matchOnDescription = false;
  const modeButton: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('symbol-key'),
    tooltip: `Terms cut as ${mode}: click for ${nextMode(mode)}`,
  };
  pick.buttons = [modeButton];
  pick.items = terms.map((theme) => ({
    label: theme.term,
    description: `${percent(theme.share)} of the sampled documents`,
    buttons: [EXCLUDE, REQUIRE],
    term: theme.term,
  }));
  return new Promise((resolve) => {
    let settled = false;
    const finish = (choice: TermChoice | undefined) => {
      if (settled) return;
      settled = true;
      resolve(choice);
      pick.dispose();
    };
    pick.onDidTriggerButton(() => finish({ mode: nextMode(mode) }));
    pick.onDidTriggerItemButton(({ item, button }) =>
      finish({ term: item.term, action: button === REQUIRE ? 'require' : 'exclude' }),
    );
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      finish(item ? { term: item.term, action: 'exclude' } : undefined);
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}

export interface PreviewShown {
  readonly title: string;
  /** The line that applies the edit, with the count it leads to. */
  readonly apply: string;
  readonly removed: readonly ThemeTerm[];
  readonly removedCount: number;
}

/** Resolves true when Apply is chosen, false when the list is dismissed. */
export function confirmPreview(shown: PreviewShown): Promise<boolean> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { apply?: true }>();
  pick.title = shown.title;
  pick.placeholder = 'Enter applies the edit (undo works); Escape leaves the rule as it is';
  pick.items = [
    { label: `$(check) ${shown.apply}`, apply: true, alwaysShow: true },
    {
      label: `What it removes: ${shown.removedCount.toLocaleString('en')} documents`,
      kind: vscode.QuickPickItemKind.Separator,
    },
    ...shown.removed.map((theme) => ({
      label: theme.term,
      description: `${percent(theme.share)} of the removed documents sampled`,
    })),
  ];
  return new Promise((resolve) => {
    let settled = false;
    const finish = (apply: boolean) => {
      if (settled) return;
      settled = true;
      resolve(apply);
      pick.dispose();
    };
    // A removed document's term is there to read: only the Apply line applies.
    pick.onDidAccept(() => {
      if (pick.selectedItems[0]?.apply === true) finish(true);
    });
    pick.onDidHide(() => finish(false));
    pick.show();
  });
}

/** The term to add, typed (the palette's way in); undefined when dismissed. */
export async function askTerm(ruleId: string): Promise<string | undefined> {
  const typed = await vscode.window.showInputBox({
    title: `A term for rule ${ruleId}`,
    prompt: 'A word or a phrase; it is quoted as the rule needs it',
    validateInput: (value) => (value.trim() === '' ? 'Type a word or a phrase' : undefined),
  });
  return typed?.trim() || undefined;
}

export async function askAction(term: string, ruleId: string): Promise<NoiseAction | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      {
        label: `Exclude "${term}"`,
        description: 'AND NOT: the documents that have it go',
        action: 'exclude' as const,
      },
      {
        label: `Require "${term}"`,
        description: 'AND: only the documents that have it stay',
        action: 'require' as const,
      },
    ],
    { title: `Rule ${ruleId}` },
  );
  return picked?.action;
}
