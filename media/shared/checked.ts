// A message checked on arrival against its schema: the message, or why it is not one (for the
// log). Shared by every panel's protocol (protocol.ts, detectProtocol.ts).
import * as z from 'zod/mini';

export type Read<T> = { ok: true; message: T } | { ok: false; reason: string };

export function read<T>(schema: z.ZodMiniType<T>, value: unknown): Read<T> {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    reason: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'not a message',
  };
}
