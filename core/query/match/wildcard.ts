// A wildcard term as a whole-word pattern: `*` any run of characters, `?` exactly one, every
// other character literal. Shared by the matcher, the field matcher and the sandbox's index, so
// the three can never disagree on what a wildcard matches.
export function wildcardPattern(normalized: string): RegExp {
  const source = Array.from(normalized, (char) =>
    char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  ).join('');
  return new RegExp(`^${source}$`, 'u');
}
