// Everything the sandbox sends or logs passes through here: envelopes (onSend), result chunks,
// answers to malformed requests Node refuses itself, and log lines. The tokens are masked in all
// of them, as parameter values (any spelling of access_token) and as text (any encoding).
import { redact, redactValue } from '../../core/api/redact';
import { DEFAULT_OPTIONS } from '../options';
import type { Tokens } from './auth';
import { registerSecrets } from './secrets';

export interface Output {
  /** `text` with the sandbox's tokens masked. */
  redact(text: string): string;
  /**
   * `value` as JSON with every string in it masked. Masked before it is serialized, not after:
   * masking JSON text can cut an escape in two (`access_token=\"` losing its backslash).
   */
  json(value: unknown, indent?: number): string;
  /** Writes a line to the request log, masked; nothing without a log. */
  log(line: string): void;
  /** Reports what made the sandbox fail (a stack), masked: to the log, or stderr without one. */
  error(text: string): void;
  /** The sandbox stopped: its tokens need no masking in this process any more. */
  close(): void;
}

export function createOutput(tokens: Tokens, log?: (line: string) => void): Output {
  // The default token `sandbox` is public (the docs print it) and a word of the sandbox's own
  // addresses (/_sandbox/, cdn.sandbox.example): masked as a parameter only, never as text.
  const secrets = [tokens.readWrite, tokens.readOnly, tokens.unlimited].filter(
    (token): token is string => token !== undefined && token !== DEFAULT_OPTIONS.token,
  );
  const mask = (text: string) => redact(text, secrets);
  const unregister = registerSecrets(secrets);
  return {
    close: unregister,
    redact: mask,
    json: (value, indent) => JSON.stringify(redactValue(value, secrets), null, indent),
    log: (line) => log?.(mask(line)),
    error: (text) => (log ?? ((line) => process.stderr.write(`${line}\n`)))(mask(text)),
  };
}
