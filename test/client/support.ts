// Moved to test/support/sandboxClient.ts. Kept for the tests that still import it here
// (test/client/tailSession.test.ts, test/extension/): delete once they import it from there.
export * from '../support/sandboxClient';
