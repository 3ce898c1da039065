// The command table's types: every command id (ids.ts) to its handler. Each feature contributes
// the handlers of its ids (a CommandArea); src/extension.ts joins them into one CommandTable,
// whose type makes a missing id a compile error, and registers it here, in one place.
import * as vscode from 'vscode';
import type { CommandId } from './ids';

/** A command's handler: arguments as VS Code passes them (a tree item's node, a URI, …). */
export type Handler = (...args: never[]) => unknown;

/** What a feature contributes: handlers for some ids. */
export type CommandArea = { readonly [Id in CommandId]?: Handler };

export type CommandTable = { readonly [Id in CommandId]: Handler };

export function registerCommands(table: CommandTable): vscode.Disposable[] {
  return Object.entries(table).map(([id, handler]) =>
    vscode.commands.registerCommand(id, handler as (...args: unknown[]) => unknown),
  );
}
