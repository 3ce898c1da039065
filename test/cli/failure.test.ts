import assert from 'node:assert/strict';
import { CommanderError } from '@commander-js/extra-typings';
import { UsageError } from '../../cli/errors';
import { ending } from '../../cli/failure';

describe('how mmq ends on an error', () => {
  it('reports a bug as an internal error with its stack, exit 2', () => {
    const { status, message } = ending(new TypeError('x is undefined'));
    assert.equal(status, 2);
    assert.match(message, /^mmq: internal error: TypeError: x is undefined\n\s+at /);
  });

  it('reports a usage or I/O problem on one line, without a stack, exit 2', () => {
    assert.deepEqual(ending(new UsageError('cannot read a.mmq: no such file')), {
      status: 2,
      message: 'mmq: cannot read a.mmq: no such file\n',
    });
  });

  it('leaves the printing to commander and exits 0 for help, 2 for its usage errors', () => {
    const help = new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)');
    assert.deepEqual(ending(help), { status: 0, message: '' });
    const unknown = new CommanderError(1, 'commander.unknownOption', "unknown option '--x'");
    assert.deepEqual(ending(unknown), { status: 2, message: '' });
  });
});
