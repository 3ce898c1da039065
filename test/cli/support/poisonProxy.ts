// An HTTP proxy in front of the sandbox that plays a hostile service: every answer (JSON or a
// stream of JSON lines) comes back with terminal control sequences appended to each value of the
// keys that carry words for people: the service's messages, documents' titles and names.
import { createServer, request as forward } from 'node:http';
import { listen } from './loopback';

/** Appended to each such value: ESC sequences (title, clear screen, colour), BEL, CR, C1. */
export const HOSTILE =
  '\u001b]0;owned\u0007\u001b[2J\u001b[31mINJECTED\u009b1m\r\u0085\u0090x\u009c';

const KEYS = new Set(['status_message', 'title', 'name', 'description']);

function poisoned(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(poisoned);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, each]) => [
      key,
      KEYS.has(key) && typeof each === 'string' ? `${each}${HOSTILE}` : poisoned(each),
    ]),
  );
}

function poisonedLine(line: string): string {
  try {
    return JSON.stringify(poisoned(JSON.parse(line)));
  } catch {
    return line;
  }
}

export interface PoisonProxy {
  readonly url: string;
  close(): void;
}

export async function poisonProxy(target: string): Promise<PoisonProxy> {
  const upstream = new URL(target);
  const server = createServer((request, response) => {
    const outgoing = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['content-length'];
        response.writeHead(answer.statusCode ?? 502, headers);
        // Line by line, as they come: a tail's stream stays a stream.
        let pending = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          if (lines.length > 0) response.write(lines.map(poisonedLine).join('\n') + '\n');
        });
        answer.on('end', () => response.end(poisonedLine(pending)));
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  return listen(server);
}
