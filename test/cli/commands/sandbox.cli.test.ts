import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { mmq } from '../support/mmq';

function occupyPort(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('mmq sandbox when it cannot listen', () => {
  it('says in one line that the port is in use and what to do, exit 2', async () => {
    const server = await occupyPort();
    try {
      const address = server.address();
      assert.ok(address !== null && typeof address === 'object');
      const result = await mmq(['sandbox', '--port', String(address.port), '--docs', '0']);
      assert.equal(result.status, 2);
      assert.equal(result.stdout, '');
      assert.equal(
        result.stderr,
        `mmq: port ${address.port} on 127.0.0.1 is in use: choose another with --port, or --port 0 for a free one\n`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('says in one line that --host is no address of this machine, exit 2', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
    const result = await mmq(['sandbox', '--host', '192.0.2.1', '--port', '0', '--docs', '0']);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(
      result.stderr,
      /^mmq: 192\.0\.2\.1 is not an address of this machine: .*--host.*\n$/,
    );
  });
});
