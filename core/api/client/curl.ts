// A request as a curl command for a POSIX shell (the results panel's "Copy as curl"). The token
// goes in one of two ways: written out, for the embedded sandbox, whose token is made up per
// session and guards nothing; or as a shell variable the user sets, for a service, so that the
// copied text never holds it. Every other parameter is masked before it is encoded, so the token
// shows in none of its encodings wherever a value happens to hold it.
import type { RequestLine } from './endpoints/searchRequests';
import { TOKEN_PARAMETER } from './clientRedaction';
import type { QueryValue } from './transport';

/** How the command carries the token. */
export type CurlToken =
  | { readonly kind: 'written' }
  /** `$NAME`, URL-encoded by curl itself (`--data-urlencode`), whatever the token holds. */
  | { readonly kind: 'variable'; readonly name: string };

/** What a curl command needs of the transport: its URLs (token included) and its redaction. */
export interface CurlTransport {
  url(path: string, query?: Readonly<Record<string, QueryValue>>): URL;
  redact(text: string): string;
}

const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `text` in single quotes, a `'` in it written as `'\''`. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

function masked(value: QueryValue, redact: (text: string) => string): QueryValue {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value))
    return value.map((each: string | number) => (typeof each === 'string' ? redact(each) : each));
  return value;
}

export function curlCommand(
  transport: CurlTransport,
  request: RequestLine,
  token: CurlToken,
): string {
  const redact = (text: string) => transport.redact(text);
  const query = Object.fromEntries(
    Object.entries(request.query).map(([name, value]) => [name, masked(value, redact)]),
  );
  const url = transport.url(request.path, query);
  const written = url.searchParams.get(TOKEN_PARAMETER) ?? '';
  url.searchParams.delete(TOKEN_PARAMETER);
  // The path too: a project id could hold the token.
  const address = redact(url.toString());
  if (token.kind === 'variable') {
    if (!SHELL_NAME.test(token.name)) throw new TypeError(`not a shell variable: ${token.name}`);
    return `curl -G ${quoted(address)} --data-urlencode "${TOKEN_PARAMETER}=$${token.name}"`;
  }
  const separator = url.search === '' ? '?' : '&';
  return `curl ${quoted(`${address}${separator}${TOKEN_PARAMETER}=${encodeURIComponent(written)}`)}`;
}
