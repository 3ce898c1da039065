// How the lab in the editor paces its counts, apart from VS Code's API so that the benchmarks
// (test/bench/labEditor.ts, in Node) state the same numbers.

/** How long the text must be still before changed rules are counted: nothing is asked while typing. */
export const LAB_SETTLE_MS = 500;

/**
 * How long a request for the hints waits for the counts it started (or found under way) before
 * it answers `counting…`: VS Code asks again for hints that changed only after about as long as
 * its last requests took, so a count that arrives a moment after the answer is shown hundreds of
 * milliseconds later. Against the sandbox a count takes tens of milliseconds.
 */
export const ANSWER_WITHIN_MS = 300;
