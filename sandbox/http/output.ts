// Everything the sandbox sends or logs passes through here: envelopes (onSend), result chunks,
// answers to malformed requests Node refuses itself, and log lines. The tokens are masked in all
// of them, as parameter values (any spelling of access_token) and as text (any encoding).
import { redact } from '../../core/api/redact';
import { DEFAULT_OPTIONS } from '../options';
import type { Tokens } from './auth';

export interface Output {
  /** `text` with the sandbox's tokens masked. */
  redact(text: string): string;
  /** Writes a line to the request log, masked; nothing without a log. */
  log(line: string): void;
  /** Reports what made the sandbox fail (a stack), masked: to the log, or stderr without one. */
  error(text: string): void;
}

export function createOutput(tokens: Tokens, log?: (line: string) => void): Output {
  // The default token `sandbox` is public (the docs print it) and a word of the sandbox's own
  // addresses (/_sandbox/, cdn.sandbox.example): masked as a parameter only, never as text.
  const secrets = [tokens.readWrite, tokens.readOnly].filter(
    (token): token is string => token !== undefined && token !== DEFAULT_OPTIONS.token,
  );
  const mask = (text: string) => redact(text, secrets);
  return {
    redact: mask,
    log: (line) => log?.(mask(line)),
    error: (text) => (log ?? ((line) => process.stderr.write(`${line}\n`)))(mask(text)),
  };
}
