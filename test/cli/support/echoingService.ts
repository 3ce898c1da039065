// A hostile service for token tests: a loopback HTTP proxy in front of the sandbox that puts the
// access token into every answer, in every spelling a careless service could: every object of
// every JSON answer and every streamed chunk gets an `echoed` field holding it (raw, URL-encoded,
// as a query parameter), and its free-text fields (messages, the echoed request line, titles and
// contents of documents) end with it. Error answers included.
import { createServer } from 'node:http';
import { listen } from './loopback';

/** Keys whose string values get the token appended (ids, urls and codes keep their values). */
const ECHOED_KEYS = new Set([
  'status_message',
  'request',
  'title',
  'content',
  'message',
  'description',
  'reason',
]);

/** Objects whose shape the client checks strictly (a definition sent back as it was given). */
const LEFT_AS_THEY_ARE = new Set(['collector_query', 'queries']);

export function echoForms(token: string): string {
  return [token, encodeURIComponent(token), `?access_token=${encodeURIComponent(token)}&x=1`].join(
    ' ',
  );
}

function echoed(value: unknown, forms: string): unknown {
  if (Array.isArray(value)) return value.map((each) => echoed(each, forms));
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, each] of Object.entries(value))
    result[key] = LEFT_AS_THEY_ARE.has(key)
      ? each
      : typeof each === 'string' && ECHOED_KEYS.has(key)
        ? `${each} ${forms}`
        : echoed(each, forms);
  result.echoed = forms;
  return result;
}

/** One line of an answer with the token put in, or the line as it was when it is not JSON. */
function echoLine(line: string, forms: string): string {
  if (line.trim() === '') return line;
  try {
    return JSON.stringify(echoed(JSON.parse(line), forms));
  } catch {
    return line;
  }
}

export interface EchoingService {
  readonly url: string;
  close(): void;
}

export async function echoingService(target: string, token: string): Promise<EchoingService> {
  const forms = echoForms(token);
  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const answer = await fetch(new URL(request.url ?? '/', target), {
        method: request.method ?? 'GET',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        ...(request.method === 'GET' || request.method === 'HEAD'
          ? {}
          : { body: Buffer.concat(chunks) }),
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      // Line by line as it comes: a streamed read's chunks reach the client as they arrive.
      let held = '';
      const decoder = new TextDecoder();
      for await (const chunk of answer.body ?? []) {
        held += decoder.decode(chunk as Uint8Array, { stream: true });
        const lines = held.split('\n');
        held = lines.pop() ?? '';
        for (const line of lines) response.write(`${echoLine(line, forms)}\n`);
      }
      response.end(echoLine(held + decoder.decode(), forms));
    })().catch(() => response.destroy());
  });
  return listen(server);
}
