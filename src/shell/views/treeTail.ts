// What the trees ask about a source's tail: its words and state for the tree item, computed in
// the tails' bundle (src/features/tails/tailParts.ts), so that a window without tails loads none of it.
import type { TailKind } from '../../../core/streams/tailSource';

/** A tail's words and state on a tree item. */
export interface TailParts {
  readonly description: string;
  readonly tooltip: string;
  readonly context: string;
  readonly spinning: boolean;
}

/** A source's tail as its tree item shows it, if this window has had one. */
export type TailLookup = (kind: TailKind, id: string) => TailParts | undefined;

export const NO_TAIL: TailParts = { description: '', tooltip: '', context: '', spinning: false };
