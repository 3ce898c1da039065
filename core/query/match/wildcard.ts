// A wildcard term as a whole-word pattern: `*` any run of characters, `?` exactly one, every
// other character literal. Shared by the matcher, the field matcher and the sandbox's index, so
// the three can never disagree on what a wildcard matches.
export function wildcardPattern(normalized: string): RegExp {
  const source = Array.from(normalized, (char) =>
    char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  ).join('');
  return new RegExp(`^${source}$`, 'u');
}

/**
 * The pattern as a test of one word. `prefix*`, the common shape, is a plain prefix comparison
 * (what the expression would answer: words hold no line break for `.` to miss); any other shape
 * runs the expression.
 */
export function wildcardTest(normalized: string): (word: string) => boolean {
  const prefix = normalized.slice(0, -1);
  if (normalized.endsWith('*') && !/[*?]/.test(prefix)) return (word) => word.startsWith(prefix);
  const regex = wildcardPattern(normalized);
  return (word) => regex.test(word);
}
