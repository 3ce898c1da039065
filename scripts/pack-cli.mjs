// `npm run pack:cli`: the mmq command as a package of its own, as users install command-line
// tools (`npm install -g media-monitoring-mmq-<version>.tgz` puts `mmq` on the PATH). dist/cli.js
// (the launcher) and dist/cli/ (the command's code, in chunks loaded per command) hold everything
// it runs, so the package holds them, its manifest, the licence and a README, and depends on
// nothing. Writes out/mmq-package/ and, beside it, the .tgz; prints the .tgz's path last.
// `--built`: dist/ is already built (npm test's first stage), and is packed as it is: rebuilding
// it would pull it from under the other command-line tests running at the same time.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'out');
const PACKAGE = join(OUT, 'mmq-package');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

if (!process.argv.includes('--built'))
  execFileSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--production'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
rmSync(PACKAGE, { recursive: true, force: true });
mkdirSync(PACKAGE, { recursive: true });
copyFileSync(join(ROOT, 'dist/cli.js'), join(PACKAGE, 'mmq.js'));
// The launcher imports ./cli/main.mjs, beside it here as in dist/.
cpSync(join(ROOT, 'dist/cli'), join(PACKAGE, 'cli'), { recursive: true });
copyFileSync(join(ROOT, 'LICENSE'), join(PACKAGE, 'LICENSE'));
writeFileSync(
  join(PACKAGE, 'package.json'),
  `${JSON.stringify(
    {
      name: 'media-monitoring-mmq',
      version: manifest.version,
      description:
        'mmq: lint, format and split Media Monitoring query files (.mmq), run the API sandbox, and call the Media Monitoring Data API from scripts.',
      license: manifest.license,
      repository: manifest.repository,
      bin: { mmq: './mmq.js' },
      files: ['mmq.js', 'cli', 'README.md', 'LICENSE'],
      engines: { node: manifest.engines.node },
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  join(PACKAGE, 'README.md'),
  `# mmq

The command-line tool of Media Monitoring for VS Code: \`mmq lint\`, \`mmq fmt\`, \`mmq split\` for
\`.mmq\` query files, \`mmq sandbox\` (an emulator of the Media Monitoring Data API), and commands
that call the API (\`stream\`, \`tail\`, \`collector\`, \`export\`, \`upload\`, \`docs\`, \`detect\`).
\`mmq --help\` and \`mmq <command> --help\` say how; \`mmq --version\` which one this is.

The commands that call the API take the service from \`--base-url\` or \`MEDIA_MONITORING_URL\`
and the token from \`MEDIA_MONITORING_TOKEN\`.
`,
);
const packed = execFileSync('npm', ['pack', '--pack-destination', OUT, '--silent'], {
  cwd: PACKAGE,
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .pop();
console.log(join(OUT, packed));
