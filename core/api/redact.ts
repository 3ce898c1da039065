// Masking the access token, for the client and the sandbox alike. A token travels as the
// `access_token` query parameter, and whatever echoes a request (a service's `request` field, an
// error message quoting a URL, a log line) can carry it along in more spellings than one:
// `access%5Ftoken=`, `%61ccess_token=`, `ACCESS_TOKEN=`, `access_token[]=`, and the value itself
// raw, percent-encoded (once or twice, either hex case), form-encoded, JSON-escaped, or as the
// Latin-1 reading of its UTF-8 bytes (what Node makes of raw bytes in a request line).

export const MASK = '***';

/** Tokens shorter than this are masked as parameter values only: as text they would hide words. */
export const MIN_MASKED_VALUE = 6;

// `name=value` after a delimiter: the name is decoded before it is compared, the value runs to
// the next delimiter. Scanned by hand, not by a regular expression: `(`, `,`, `[` and `{` both
// start a name and may stand in one (`access_token[]`), so a regular expression retried the rest
// of a run of them from each of its characters, a quadratic cost (100 KB of `[` took minutes).
const OUTER_DELIMITERS = new Set(['?', '&', ';', '"', "'", '`', '<']);
const INNER_DELIMITERS = new Set(['(', ',', '[', '{']);
const NOT_IN_VALUE = new Set(['&', ';', '"', "'", '`', '#', '<', '>']);
const isSpace = (character: string) => /\s/.test(character);
const inValue = (character: string) => !NOT_IN_VALUE.has(character) && !isSpace(character);
const inName = (character: string) => character !== '=' && character !== '?' && inValue(character);
const isOuterDelimiter = (character: string) =>
  OUTER_DELIMITERS.has(character) || isSpace(character);

function decodeOnce(text: string): string {
  return text
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The query parameter that carries the token (api.md: the only way it travels). */
export const TOKEN_PARAMETER = 'access_token';

/** Whether `name` has the token's name ending at `end`, not as the tail of a longer word. */
function tokenNameEndsAt(name: string, end: number): boolean {
  const start = end - TOKEN_PARAMETER.length;
  return (
    start >= 0 &&
    name.startsWith(TOKEN_PARAMETER, start) &&
    (start === 0 || !/[a-z0-9_]/.test(name.charAt(start - 1)))
  );
}

/** Command-line flags that would carry a token (`--access-token=…`, `--token=…`), `-` as `_`. */
const TOKEN_FLAGS = new Set(['access_token', 'token']);

/**
 * Whether a parameter name, however spelled, is the token's: access_token, or with `[…]`; or a
 * flag that carries one, echoed in a usage error (`unknown option '--access-token=…'`).
 */
export function isTokenParameter(name: string): boolean {
  let decoded = name;
  // Encoded twice (a URL inside a parameter) still names the token.
  for (let round = 0; round < 3; round++) {
    const next = decodeOnce(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  // `x.access_token` or `a/access_token` still ends in the token's name; `my_access_token` does
  // not. Brackets after it (`access_token[]`, `access_token[a[b]`) are read from the end, each
  // stretch between two `]` once.
  const text = decoded.trim().toLowerCase();
  if (text.startsWith('-') && TOKEN_FLAGS.has(text.replace(/^-+/, '').replace(/-/g, '_')))
    return true;
  let end = text.length;
  for (;;) {
    if (tokenNameEndsAt(text, end)) return true;
    if (text.charAt(end - 1) !== ']') return false;
    // lastIndexOf reads a negative start as 0: a `]` at 0 would be found again, for ever.
    const previousClose = end >= 2 ? text.lastIndexOf(']', end - 2) : -1;
    for (let open = previousClose + 1; open < end - 1; open++)
      if (text.charAt(open) === '[' && tokenNameEndsAt(text, open)) return true;
    if (previousClose < 0 || text.charAt(previousClose + 1) !== '[') return false;
    end = previousClose + 1;
  }
}

/** Where the parameter whose `=` is at `equals` starts, and its name, or undefined for none. */
function parameterBefore(
  text: string,
  equals: number,
  from: number,
): { start: number; name: string } | undefined {
  let nameStart = equals;
  while (nameStart > from && inName(text.charAt(nameStart - 1))) nameStart--;
  // The leftmost start wins: the text's start, a delimiter just before the name, or else one of
  // the delimiters that may stand in a name, with a name after it.
  if (nameStart < equals) {
    if (nameStart === 0) return { start: 0, name: text.slice(0, equals) };
    if (nameStart - 1 >= from && isOuterDelimiter(text.charAt(nameStart - 1)))
      return { start: nameStart - 1, name: text.slice(nameStart, equals) };
  }
  for (let delimiter = nameStart; delimiter < equals - 1; delimiter++)
    if (INNER_DELIMITERS.has(text.charAt(delimiter)))
      return { start: delimiter, name: text.slice(delimiter + 1, equals) };
  return undefined;
}

/** Masks the value of every parameter whose name is the token's. */
export function maskTokenParameters(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  let from = 0;
  for (let equals = text.indexOf('='); equals !== -1;) {
    const parameter = parameterBefore(text, equals, from);
    if (parameter === undefined) {
      equals = text.indexOf('=', equals + 1);
      continue;
    }
    let valueEnd = equals + 1;
    while (valueEnd < text.length && inValue(text.charAt(valueEnd))) valueEnd++;
    if (isTokenParameter(parameter.name)) {
      parts.push(text.slice(copied, equals + 1), MASK);
      copied = valueEnd;
    }
    from = valueEnd;
    equals = text.indexOf('=', valueEnd);
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** `ab` as `[aA][bB]`: hex digits in either case. */
const anyCase = (hex: string) =>
  [...hex]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join('');

/**
 * Every way one character of the token may be written where it is echoed, longest first: the
 * raw `%` must not win over `%25`, which would leave `25` behind.
 */
function spellings(character: string): string[] {
  const utf8 = [...new TextEncoder().encode(character)];
  const bytes = utf8.map((byte) => anyCase(byte.toString(16).padStart(2, '0')));
  const units = [...Array(character.length).keys()].map((index) =>
    anyCase(character.charCodeAt(index).toString(16).padStart(4, '0')),
  );
  const forms = [
    bytes.map((byte) => `%25${byte}`).join(''),
    units.map((unit) => `\\\\u${unit}`).join(''),
    bytes.map((byte) => `%${byte}`).join(''),
  ];
  // Form encoding writes a space as +, and a raw + in a query string reads as a space.
  if (character === '+') forms.push('%20', ' ');
  if (character === ' ') forms.push('\\+');
  if (character === '"' || character === '\\' || character === '/')
    forms.push(escapeRegExp(`\\${character}`));
  if (utf8.length > 1) forms.push(escapeRegExp(String.fromCharCode(...utf8)));
  forms.push(escapeRegExp(character));
  return forms;
}

const patterns = new Map<string, RegExp>();

/** A pattern matching `token` in any of the spellings above, mixed character by character. */
export function tokenPattern(token: string): RegExp {
  let pattern = patterns.get(token);
  if (!pattern) {
    pattern = new RegExp(
      [...token].map((character) => `(?:${spellings(character).join('|')})`).join(''),
      'g',
    );
    if (patterns.size > 32) patterns.clear();
    patterns.set(token, pattern);
  }
  return pattern;
}

/**
 * `text` with every token parameter's value masked, and each given token (of at least
 * MIN_MASKED_VALUE characters) masked wherever and however it appears.
 */
export function redact(text: string, tokens?: string | readonly (string | undefined)[]): string {
  let masked = text;
  for (const token of typeof tokens === 'string' ? [tokens] : (tokens ?? [])) {
    if (token !== undefined && token.length >= MIN_MASKED_VALUE)
      masked = masked.replace(tokenPattern(token), MASK);
  }
  return maskTokenParameters(masked);
}

/**
 * `value` with every string in it (keys too) redacted: for JSON, masked before it is serialized,
 * never after: masking JSON text can cut an escape in two (`access_token=\"` losing its
 * backslash).
 */
export function redactValue(
  value: unknown,
  tokens?: string | readonly (string | undefined)[],
): unknown {
  if (typeof value === 'string') return redact(value, tokens);
  if (Array.isArray(value)) return value.map((each) => redactValue(each, tokens));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, each]) => [redact(key, tokens), redactValue(each, tokens)]),
  );
}

/**
 * Text about to leave a program (stdout, stderr, a file), masked line by line: a line that is
 * JSON and holds something to mask is parsed, masked string by string and written again by
 * `serialize` (JSON.stringify unless given), so that it stays JSON; any other line is masked as
 * text.
 */
export function redactLines(
  text: string,
  tokens?: string | readonly (string | undefined)[],
  serialize: (value: unknown) => string = (value) => JSON.stringify(value),
): string {
  if (redact(text, tokens) === text) return text;
  return text
    .split('\n')
    .map((line) => {
      const masked = redact(line, tokens);
      if (masked === line) return line;
      try {
        return serialize(redactValue(JSON.parse(line), tokens));
      } catch {
        // Not JSON (or nested too deep to walk): masked as text.
        return masked;
      }
    })
    .join('\n');
}
