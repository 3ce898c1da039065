// Types of browser.mjs, for the tests that import it (playwright-core is not a project
// dependency: it lives in .vscode-test/driver, so its types are not at hand).
/* eslint-disable @typescript-eslint/no-explicit-any */
export const CHROMIUM: string;
export const CHROMIUM_ARGS: readonly string[];
export const VIEWPORT: { readonly width: number; readonly height: number };
export const PLAYWRIGHT_PACKAGE: string;
export function playwrightChromium(): any;
export function launchBrowser(userDataDir: string): Promise<{ context: any; page: any }>;
