// Types of vscode-server.mjs, for the tests that import it.
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const VSCODE_TEST: string;
export function freePort(): Promise<number>;
export function waitFor(condition: () => unknown, what: string, timeoutMs: number): Promise<void>;
export interface Profile {
  readonly base: string;
  readonly userDir: string;
}
export function freshProfile(): Profile;
export interface VsCodeServer {
  readonly child: ChildProcess;
  output(): string;
  stop(): void;
  ready(): Promise<void>;
}
export function startVsCodeServer(
  port: number,
  profile: Profile,
  env?: Readonly<Record<string, string>>,
): VsCodeServer;
export function workbenchUrl(
  port: number,
  folder: string,
  options?: { readonly tests?: string; readonly development?: boolean },
): string;
export function installExtension(profile: Profile, vsix: string): Promise<string>;
export const NODE24: string;
export const SERVER_MAIN: string;
