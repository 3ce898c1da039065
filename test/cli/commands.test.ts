// mmq declares only the command it runs: the registry's names match what each command declares,
// and the arguments pick the commands to load.
import assert from 'node:assert/strict';
import { Command } from '@commander-js/extra-typings';
import { COMMANDS, commandsFor } from '../../cli/commands';

const names = (args: readonly string[]) => commandsFor(args).map((command) => command.name);
const ALL = COMMANDS.map((command) => command.name);

describe('the commands mmq loads', () => {
  it('names each command as the command declares itself', async () => {
    for (const entry of COMMANDS) {
      const program = new Command('mmq');
      (await entry.load())(program);
      assert.deepEqual(
        program.commands.map((command) => command.name()),
        [entry.name],
      );
    }
  });

  it('loads the command run, or asked about with help, alone', () => {
    assert.deepEqual(names(['lint', 'queries/']), ['lint']);
    assert.deepEqual(names(['upload', 'docs.ndjson', '--project', 'p']), ['upload']);
    assert.deepEqual(names(['help', 'sandbox']), ['sandbox']);
    assert.deepEqual(names(['fmt', '--help']), ['fmt']);
  });

  it('loads none for the version, and all for the usage or a name it does not know', () => {
    assert.deepEqual(names(['--version']), []);
    assert.deepEqual(names(['-V']), []);
    assert.deepEqual(names([]), ALL);
    assert.deepEqual(names(['--help']), ALL);
    assert.deepEqual(names(['help']), ALL);
    assert.deepEqual(names(['lnt', 'x.mmq']), ALL);
  });
});
