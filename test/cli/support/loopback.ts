// A test's own HTTP server (a proxy, a fake service) listening on loopback.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  readonly url: string;
  readonly close: () => void;
}

export async function listen(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
