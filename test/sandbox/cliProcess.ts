// Moved to test/support/cliProcess.ts. Kept for the files that still import it here
// (test/bench/, test/readme/, test/vscode/): delete once they import it from there.
export * from '../support/cliProcess';
