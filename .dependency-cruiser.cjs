// The house rules of imports, checked by `npm run lint` (dependency-cruiser):
//   - no import circles anywhere in the sources;
//   - the floors: core/ imports no other root; server/, sandbox/ and cli/ never import the
//     extension (src/) or the panels (media/);
//   - in src/: the shell never imports a feature, and a feature never imports another feature
//     (features meet in src/composition.ts through the shell's ports).
// Type-only imports count: they are arrows a reader follows too.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the file or move what both need below them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-the-floor',
      severity: 'error',
      comment: 'core/ is the language and API core every root builds on; it imports none of them.',
      from: { path: '^core/' },
      to: { path: '^(server|sandbox|cli|src|media)/' },
    },
    {
      name: 'no-editor-in-processes',
      severity: 'error',
      comment: 'The server, the sandbox and the CLI run without VS Code and its panels.',
      from: { path: '^(server|sandbox|cli)/' },
      to: { path: '^(src|media)/' },
    },
    {
      name: 'shell-imports-no-feature',
      severity: 'error',
      comment: 'The shell is what features share; it knows none of them.',
      from: { path: '^src/shell/' },
      to: { path: '^src/(features|composition|extension|testing)' },
    },
    {
      name: 'features-import-no-feature',
      severity: 'error',
      comment:
        'A feature uses another through the ports of src/shell/ports.ts, wired in src/composition.ts.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|out|test)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
