// The command ids are declared once (src/shell/commands/ids.ts); package.json, its menus, welcome
// views and walkthrough, and every id the extension's code names agree with them, both ways.
// (That the table has a handler for each id is checked by the compiler: CommandTable.)
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_IDS, isCommandId } from '../../../../src/shell/commands/ids';

const ROOT = join(import.meta.dirname, '../../../..');
interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: { command: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    viewsWelcome: { contents: string }[];
    walkthroughs: { steps: { description: string }[] }[];
    configuration: { properties: Record<string, unknown> };
    views: Record<string, { id: string }[]>;
  };
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const { contributes } = manifest;

/** VS Code's own commands that welcome views and actions may name. */
const BUILT_IN = new Set([
  'workbench.action.openSettings',
  'workbench.view.extension.mediaMonitoring',
]);

/** `command:<id>` links in Markdown-ish text. */
const linkedCommands = (text: string) =>
  [...text.matchAll(/command:([\w.]+)/g)].map((match) => match[1] ?? '');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the command table and the manifest', () => {
  it('declares each id once', () => {
    assert.equal(new Set(COMMAND_IDS).size, COMMAND_IDS.length);
  });

  it('package.json contributes exactly the declared commands', () => {
    assert.deepEqual(
      contributes.commands.map((entry) => entry.command).sort(),
      [...COMMAND_IDS].sort(),
    );
  });

  it('every menu entry names a declared command', () => {
    for (const [menu, entries] of Object.entries(contributes.menus))
      for (const entry of entries)
        assert.ok(isCommandId(entry.command), `${menu}: ${entry.command}`);
  });

  it('a command hidden from the palette is reachable from a view or an editor menu', () => {
    const hidden = (contributes.menus.commandPalette ?? [])
      .filter((entry) => entry.when === 'false')
      .map((entry) => entry.command);
    const reachable = new Set(
      Object.entries(contributes.menus)
        .filter(([menu]) => menu !== 'commandPalette')
        .flatMap(([, entries]) => entries.map((entry) => entry.command)),
    );
    for (const id of hidden) assert.ok(reachable.has(id), `${id} is reachable from nowhere`);
  });

  it('welcome views and the walkthrough link to declared commands', () => {
    const texts = [
      ...contributes.viewsWelcome.map((entry) => entry.contents),
      ...contributes.walkthroughs.flatMap((walkthrough) =>
        walkthrough.steps.map((step) => step.description),
      ),
    ];
    for (const id of texts.flatMap(linkedCommands))
      assert.ok(isCommandId(id) || BUILT_IN.has(id), `a link to ${id}`);
  });

  it('every mediaMonitoring.* name in the extension’s code that is not a setting, view or key is a declared command', () => {
    const settings = Object.keys(contributes.configuration.properties);
    const views = Object.values(contributes.views).flatMap((list) => list.map((view) => view.id));
    // The welcome views' context key, the status bar items' ids, the secret's key, and the
    // detection, upload report and query lab panels' webview types (not restored after a
    // reload: no activation event).
    const others = [
      'mediaMonitoring.connection',
      'mediaMonitoring.status',
      'mediaMonitoring.labStatus',
      'mediaMonitoring.accessToken',
      'mediaMonitoring.detect',
      'mediaMonitoring.uploadReport',
      'mediaMonitoring.queryLab',
    ];
    const webviews = manifest.activationEvents
      .filter((event) => event.startsWith('onWebviewPanel:'))
      .map((event) => event.slice('onWebviewPanel:'.length));
    const notCommands = new Set([...settings, ...views, ...webviews, ...others]);
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      if (file.endsWith('ids.ts')) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/'(mediaMonitoring\.[\w.]+)'/g)) {
        const name = match[1] ?? '';
        if (notCommands.has(name)) continue;
        assert.ok(isCommandId(name), `${name} in ${file} is not a declared command`);
      }
    }
  });
});
