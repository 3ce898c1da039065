// Types of npmEnvironment.mjs, for the tests that import it.
export function isolatedNpmEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  overrides?: Readonly<Record<string, string>>,
): Record<string, string>;
