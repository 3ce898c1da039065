// The command table: every command id (ids.ts) to its handler, gathered from one file per
// feature area, and registered in one place. The table's type makes a missing id a compile error.
import * as vscode from 'vscode';
import type { Ctx } from '../context';
import { collectorCommands } from './collectors';
import { connectionCommands } from './connection';
import { detectCommands } from './detect';
import { documentCommands } from './documents';
import type { CommandId } from './ids';
import { languageCommands } from './language';
import { projectCommands } from './projects';
import { resultsCommands } from './results';
import { sidebarCommands } from './sidebar';
import { streamCommands } from './streams';
import { tailCommands } from './tails';
import { taskCommands } from './tasks';

/** A command's handler: arguments as VS Code passes them (a tree item's node, a URI, …). */
export type Handler = (...args: never[]) => unknown;

/** What a feature area contributes: handlers for some ids. */
export type CommandArea = { readonly [Id in CommandId]?: Handler };

export type CommandTable = { readonly [Id in CommandId]: Handler };

export function createCommands(ctx: Ctx): CommandTable {
  return {
    ...languageCommands(ctx),
    ...connectionCommands(ctx),
    ...sidebarCommands(ctx),
    ...projectCommands(ctx),
    ...documentCommands(ctx),
    ...streamCommands(ctx),
    ...collectorCommands(ctx),
    ...taskCommands(ctx),
    ...tailCommands(ctx),
    ...resultsCommands(ctx),
    ...detectCommands(ctx),
  };
}

export function registerCommands(ctx: Ctx): vscode.Disposable[] {
  return Object.entries(createCommands(ctx)).map(([id, handler]) =>
    vscode.commands.registerCommand(id, handler as (...args: unknown[]) => unknown),
  );
}
