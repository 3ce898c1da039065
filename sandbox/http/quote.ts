// Input quoted in an error message: a few hundred characters at most, so that a 789,000-character
// parameter value is not sent back whole.
import { MAX_QUOTED_CHARACTERS } from './limits';
import { maskSecrets } from './secrets';

/**
 * `text` cut to `limit` characters, saying how long it was when cut. Tokens are masked first:
 * cut, a token would no longer be recognised.
 */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const masked = maskSecrets(text);
  if (masked.length <= limit) return masked;
  // Never split a surrogate pair: half an emoji is not text.
  const end = /[\uD800-\uDBFF]/.test(masked.charAt(limit - 1)) ? limit - 1 : limit;
  return `${masked.slice(0, end)}… (${text.length.toLocaleString('en')} characters)`;
}

/** Input as quoted in a message: in backticks, clipped. */
export function quote(value: string): string {
  return `\`${shorten(value)}\``;
}

/** Input named in a message as it is (an id, an address), clipped. */
export function shorten(value: string): string {
  return clip(value, MAX_QUOTED_CHARACTERS);
}
