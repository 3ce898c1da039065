// Recent originals that later documents refer to: stories that other outlets copy (near-duplicates
// in one cluster) and that readers comment on or share, and posts that are retweeted or answered.
// Small rings per language, overwritten in turn, so memory stays flat however many documents.
import type { Author } from './authors';
import type { Phrase, SlotValues } from './phrases';
import type { Site } from './sites';
import type { Text } from './text';
import type { Topic } from './timeline';
import type { Timing } from './timing';

export interface StoryRecord {
  readonly url: string;
  readonly title: Text;
  readonly lead: Text;
  readonly topic: Topic | undefined;
  readonly values: SlotValues;
  readonly cluster: string;
  readonly timing: Timing;
  readonly lang: string;
  readonly site: Site;
  readonly sentiment: number;
}

export interface PostRecord {
  readonly url: string;
  readonly title: Text;
  readonly content: Text;
  readonly author: Author;
  readonly topic: Topic | undefined;
  readonly values: SlotValues;
  readonly cluster: string;
  readonly timing: Timing;
  readonly lang: string;
  readonly hashtags: readonly Phrase[];
  readonly emoji: readonly Phrase[];
  readonly mentions: readonly string[];
  readonly sentiment: number;
}

const RING = 48;

class Rings<T> {
  private readonly rings = new Map<string, { items: T[]; next: number }>();

  add(key: string, item: T): void {
    let ring = this.rings.get(key);
    if (!ring) {
      ring = { items: [], next: 0 };
      this.rings.set(key, ring);
    }
    if (ring.items.length < RING) ring.items.push(item);
    else ring.items[ring.next] = item;
    ring.next = (ring.next + 1) % RING;
  }

  /** A remembered item under `key`, chosen by `roll` in [0, 1); none when nothing is there. */
  pick(key: string, roll: number): T | undefined {
    const items = this.rings.get(key)?.items;
    return items && items.length > 0 ? items[Math.floor(roll * items.length)] : undefined;
  }
}

/** Key of the stories of every language, for comments (which follow the story's language). */
export const ANY = '*';

export class Memory {
  readonly stories = new Rings<StoryRecord>();
  readonly posts = new Rings<PostRecord>();
}
