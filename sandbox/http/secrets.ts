// The tokens of the sandboxes running in this process, so that text is masked before it is cut
// short: a message clipped after 200 characters could otherwise end in half a token, which no
// masking afterwards would recognise. (A sandbox's output masks its own tokens again.)
import { redact } from '../../core/api/redact';

const secrets = new Map<string, number>();

/** Registers tokens to mask; answers the function that unregisters them. */
export function registerSecrets(tokens: readonly string[]): () => void {
  for (const token of tokens) secrets.set(token, (secrets.get(token) ?? 0) + 1);
  let registered = true;
  return () => {
    if (!registered) return;
    registered = false;
    for (const token of tokens) {
      const count = (secrets.get(token) ?? 1) - 1;
      if (count === 0) secrets.delete(token);
      else secrets.set(token, count);
    }
  };
}

/** `text` with every access_token value and every registered token masked. */
export function maskSecrets(text: string): string {
  return redact(text, [...secrets.keys()]);
}
