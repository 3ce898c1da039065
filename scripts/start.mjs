// `npm start`: builds the extension, installs a local VS Code server if missing, and serves VS
// Code with the extension under development on the examples/ folder. Open the printed address
// in a browser (on a remote machine, forward the port first). Ctrl+C stops it.
import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, freshProfile, ROOT, startVsCodeServer, workbenchUrl } from './vscode-server.mjs';

const run = (command) => execSync(command, { cwd: ROOT, stdio: 'inherit' });

run('node esbuild.mjs --production');
run('bash scripts/setup-vscode-test.sh');

const port = Number(process.env.PORT) || (await freePort());
const profile = freshProfile();
const server = startVsCodeServer(port, profile);
const stop = () => {
  server.stop();
  rmSync(profile.base, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.child.on('exit', (code) => {
  console.error(
    `the VS Code server stopped (exit ${code}):\n${server.output().split('\n').slice(-20).join('\n')}`,
  );
  process.exit(1);
});
await server.ready();
console.log(
  `\nMedia Monitoring for VS Code is running. Open this address in a browser:\n\n  ${workbenchUrl(port, join(ROOT, 'examples'))}\n\nCtrl+C stops it.`,
);
