// Every message between the extension and the query lab panel, both ways, with their schemas
// (zod/mini), in the style of the other panels' protocols: each side checks what arrives and
// drops, with a logged reason, anything else. The panel shows Explain Rule's table (each part of
// a rule with what it matches, what only it brings or what it removes, as bars, and the lab's
// flags), or a rule compared with its last run or its text at HEAD. Every string is untrusted
// text (the rule's words, documents' titles): shown as text, never as markup.
import * as z from 'zod/mini';
import { read, type Read } from '../shared/checked';

export type { Read };

const count = z.int();

export const PartKind = z.enum(['operand', 'required', 'exclusion']);
export type PartKind = z.infer<typeof PartKind>;

export const PartRow = z.object({
  kind: PartKind,
  /** The part as written, one line. */
  text: z.string(),
  /** Operands: documents it matches within the rule. */
  count: z.optional(count),
  /** Operands: documents only it brings. Exclusions: documents it removes. */
  share: z.optional(count),
  /** The lab's flags: dead-exclusion, redundant-operand, dominant-operand. */
  flags: z.array(z.string()),
  /** Where it is written in the document, offsets: a click shows it. */
  start: z.int().check(z.nonnegative()),
  end: z.int().check(z.nonnegative()),
});
export type PartRow = z.infer<typeof PartRow>;

export const PartsTable = z.object({
  /** Unique per explanation: the panel's answers name it. */
  id: z.string(),
  ruleId: z.string(),
  /** `project 7c1e-demo` or `global data`. */
  target: z.string(),
  days: z.int().check(z.positive()),
  total: count,
  sandbox: z.boolean(),
  rows: z.array(PartRow),
});
export type PartsTable = z.infer<typeof PartsTable>;

/** One version of a rule in a comparison: its query and its daily counts, oldest first. */
export const Version = z.object({
  label: z.string(),
  query: z.string(),
  days: z.array(z.object({ start: z.number(), count })),
});
export type Version = z.infer<typeof Version>;

/** Documents one version has and the other lacks: how many, and a page of them. */
export const Difference = z.object({
  total: count,
  documents: z.array(z.object({ title: z.string(), url: z.optional(z.string()) })),
});
export type Difference = z.infer<typeof Difference>;

/** A rule compared with its last run or with its text at HEAD. */
export const Comparison = z.object({
  id: z.string(),
  ruleId: z.string(),
  target: z.string(),
  sandbox: z.boolean(),
  before: Version,
  after: Version,
  /** `after AND NOT (before)`: what the new text brings. */
  gained: Difference,
  /** `before AND NOT (after)`: what the new text loses. */
  lost: Difference,
});
export type Comparison = z.infer<typeof Comparison>;

/** Explain Rule started: its counts are under way (the panel opens while they are). */
export const Counting = z.object({
  ruleId: z.string(),
  target: z.string(),
  days: z.int().check(z.positive()),
  /** How many counts the table needs. */
  counts: z.int().check(z.nonnegative()),
  /** How many of those are known already (cached): not asked again. */
  known: z.int().check(z.nonnegative()),
});
export type Counting = z.infer<typeof Counting>;

export const ToLabPanel = z.discriminatedUnion('type', [
  z.object({ type: z.literal('counting'), counting: Counting }),
  z.object({ type: z.literal('show'), table: PartsTable }),
  z.object({ type: z.literal('compare'), comparison: Comparison }),
]);
export type ToLabPanel = z.infer<typeof ToLabPanel>;

export const FromLabPanel = z.discriminatedUnion('type', [
  /** The panel's script runs and listens: the extension may send. */
  z.object({ type: z.literal('ready') }),
  /** A table or comparison is drawn, with this many rows (documents, for a comparison). */
  z.object({ type: z.literal('drawn'), id: z.string(), rows: z.int().check(z.nonnegative()) }),
  /** Open a compared document's address (http or https only). */
  z.object({ type: z.literal('openUrl'), url: z.string() }),
  /** Show this part in the editor. */
  z.object({ type: z.literal('reveal'), id: z.string(), row: z.int().check(z.nonnegative()) }),
]);
export type FromLabPanel = z.infer<typeof FromLabPanel>;

export const readToLabPanel = (value: unknown): Read<ToLabPanel> => read(ToLabPanel, value);
export const readFromLabPanel = (value: unknown): Read<FromLabPanel> => read(FromLabPanel, value);
