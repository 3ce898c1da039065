// Nothing that leaves the client may hold the access token: the service may echo it in
// `request`, a URL may appear in a network error, a log line may name a call. Every string the
// client shows, logs or throws goes through redact().

const TOKEN_PARAMETER = /(access_token=)[^&\s"'#]*/gi;

/** `text` with every `access_token=` value, and the token itself wherever it appears, masked. */
export function redact(text: string, token?: string): string {
  const masked = text.replace(TOKEN_PARAMETER, '$1***');
  // A token of a few characters would mask ordinary words; real tokens are long.
  return token && token.length >= 6 ? masked.split(token).join('***') : masked;
}
