import assert from 'node:assert/strict';
import { listenProblem } from '../../cli/listenProblem';

function systemError(code: string, syscall: string): Error {
  return Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
}

describe('why mmq sandbox could not listen', () => {
  it('says what to do about a port in use or not allowed', () => {
    assert.equal(
      listenProblem(systemError('EADDRINUSE', 'listen'), '127.0.0.1', 8080),
      'port 8080 on 127.0.0.1 is in use: choose another with --port, or --port 0 for a free one',
    );
    assert.match(
      listenProblem(systemError('EACCES', 'listen'), '0.0.0.0', 80) ?? '',
      /^port 80 on 0\.0\.0\.0 is not allowed .*--port 0 for a free one$/,
    );
  });

  it('says what to do about a host that is not found or not of this machine', () => {
    assert.match(
      listenProblem(systemError('ENOTFOUND', 'getaddrinfo'), 'nosuch.invalid', 0) ?? '',
      /^host nosuch\.invalid not found: .*--host/,
    );
    assert.match(
      listenProblem(systemError('EADDRNOTAVAIL', 'listen'), '192.0.2.1', 0) ?? '',
      /^192\.0\.2\.1 is not an address of this machine: .*--host/,
    );
    assert.equal(
      listenProblem(systemError('EAFNOSUPPORT', 'listen'), '::1', 9),
      'cannot listen on port 9 on ::1: EAFNOSUPPORT',
    );
  });

  it('leaves other errors alone, to be reported as internal errors', () => {
    assert.equal(listenProblem(systemError('EACCES', 'open'), '127.0.0.1', 0), undefined);
    assert.equal(listenProblem(new TypeError('x is undefined'), '127.0.0.1', 0), undefined);
  });
});
