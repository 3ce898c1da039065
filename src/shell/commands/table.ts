// The command table: every command id (ids.ts) to its handler, gathered from one file per
// feature area, and registered in one place. The table's type makes a missing id a compile error.
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { collectorCommands } from '../../features/collectors/commands';
import { connectionCommands } from '../../features/connection/commands';
import { detectCommands } from '../../features/detection/commands';
import { documentCommands } from '../../features/uploads/commands';
import type { CommandId } from './ids';
import { languageCommands } from '../../features/language/commands';
import { projectCommands } from '../../features/projects/commands';
import { resultsCommands } from '../../features/results/commands';
import { sidebarCommands } from '../../features/projects/refreshCommands';
import { streamCommands } from '../../features/streams/commands';
import { tailCommands } from '../../features/tails/commands';
import { taskCommands } from '../../features/exports/commands';

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
