// A source's tail as the window knows it: its state, what it received, where it records.
import type { TailState } from '../../../core/streams/tailSession';

export interface TailStatus {
  readonly state: TailState;
  /** Results received by tails of this source since VS Code started. */
  readonly received: number;
  /** Where the record is being written, when it is. */
  readonly recordPath: string | undefined;
  /** Why the last tail ended by itself. */
  readonly ended: string | undefined;
  /** What narrows the running tail (a project's topics, an extra query), in words. */
  readonly narrowed: string | undefined;
  /** A stream's or a project's: what arrives while it is paused or away is not delivered. */
  readonly live: boolean;
}
