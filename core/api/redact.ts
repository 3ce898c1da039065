// Masking the access token, for the client and the sandbox alike. A token travels as the
// `access_token` query parameter, and whatever echoes a request (a service's `request` field, an
// error message quoting a URL, a log line) can carry it along in more spellings than one:
// `access%5Ftoken=`, `%61ccess_token=`, `ACCESS_TOKEN=`, `access_token[]=`, and the value itself
// raw, percent-encoded (once or twice, either hex case), form-encoded, JSON-escaped, or as the
// Latin-1 reading of its UTF-8 bytes (what Node makes of raw bytes in a request line).

export const MASK = '***';

/** Tokens shorter than this are masked as parameter values only: as text they would hide words. */
export const MIN_MASKED_VALUE = 6;

// `name=value` after a delimiter; the name is decoded before it is compared, the value runs to the
// next delimiter. Both classes exclude their delimiter, so matching stays linear.
const PARAMETER = /(^|[?&;\s"'`(,[{<])([^=&?;\s"'`#<>]+)=([^&;\s"'`#<>]*)/g;

function decodeOnce(text: string): string {
  return text
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether a parameter name, however spelled, is the token's: access_token, or with `[…]`. */
export function isTokenParameter(name: string): boolean {
  let decoded = name;
  // Encoded twice (a URL inside a parameter) still names the token.
  for (let round = 0; round < 3; round++) {
    const next = decodeOnce(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  // `x.access_token` or `a/access_token` still ends in the token's name; `my_access_token` does not.
  return /(?:^|[^a-z0-9_])access_token(?:\[[^\]]*\])*$/.test(decoded.trim().toLowerCase());
}

/** Masks the value of every parameter whose name is the token's. */
export function maskTokenParameters(text: string): string {
  return text.replace(PARAMETER, (match, before: string, name: string) =>
    isTokenParameter(name) ? `${before}${name}=${MASK}` : match,
  );
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
