// What the writers of each kind of document (editorial, social, noise) work with: who writes
// (the cast), the composer's draws they may use (the desk), and what they hand to `assemble`.
import type { Author } from './authors';
import type { Brand } from './brands';
import type { DocumentFlag, EntityUrl, SandboxDocument, SandboxSource } from './document';
import { eventNamed } from './events';
import type { Extras } from './extras';
import type { BrandWords } from './lexicon';
import type { Memory, StoryRecord } from './memory';
import type { SlotValues } from './phrases';
import type { Random } from './random';
import type { Site } from './sites';
import type { Style } from './sources';
import { templatesFor, type CompiledEvent } from './templates/index';
import type { Text } from './text';
import type { LiveSpike, Spike, Topic } from './timeline';
import type { Timing } from './timing';
import type { NoiseCategory } from './vocabulary';

/** Who writes, where, and under which story (comments). */
export interface Cast {
  readonly style: Style;
  readonly types: readonly string[];
  readonly author: Author;
  readonly site: Site | undefined;
  readonly source: SandboxSource;
  readonly lang: string;
  readonly place: Site['place'];
  readonly story: StoryRecord | undefined;
}

/** Everything `assemble` needs besides its own draws (media, metrics, labels). */
export interface Parts {
  readonly key: string;
  readonly cast: Cast;
  readonly url: string;
  readonly rootUrl: string;
  readonly domainUrl: string;
  readonly parentUrl: string | undefined;
  /** A corpus document's times are placed once its window is known (timing.ts). */
  readonly timing: Timing;
  readonly title: Text;
  readonly content: Text;
  readonly lang: string;
  readonly topic: { readonly topic: Topic; readonly words: BrandWords } | undefined;
  readonly sentiment: number;
  readonly extras: Extras | undefined;
  readonly cluster: string;
  readonly question: boolean;
  readonly mentionsBrand: boolean;
  readonly flags: readonly DocumentFlag[];
  readonly spike: boolean;
  readonly noise: NoiseCategory | undefined;
  readonly entities: readonly EntityUrl[];
  readonly repost: boolean;
  readonly linked: boolean;
  /** Every caller sets every field, so `assemble` sees one object shape. */
  readonly replyMention: string | undefined;
  readonly inheritedMentions: readonly string[] | undefined;
}

/** The composer's draws, in the one PRNG stream of its documents. */
export interface Desk {
  readonly random: Random;
  readonly memory: Memory;
  /** The slot values `fillValues` refills for each document. */
  readonly values: SlotValues;
  /**
   * A brand (most of the time), an event and a product; local news has no brand. A brand's own
   * accounts and sites write about that brand (its reviews site about reviews).
   */
  topic(brandless: number, own?: Brand, reviews?: boolean): Topic | undefined;
  /** Fills the slot values for a topic at the cast's place; answers the brand's words. */
  fillValues(topic: Topic | undefined, cast: Cast): BrandWords | undefined;
  rival(brand: Brand | undefined): Brand;
  /** Sentiment −5..5: the story's pull and the author's mood, with a wide neutral band. */
  sentiment(pull: number): number;
  /** Publication, crawl and search-index times: live at `at`, after a parent, in a spike. */
  times(
    cast: Cast,
    at: number | undefined,
    after: Timing | undefined,
    spike?: Spike | LiveSpike,
  ): Timing;
  /** Links in editorial text: the brand's site, now and then. */
  entities(topic: Topic | undefined): readonly EntityUrl[];
  assemble(parts: Parts): SandboxDocument;
}

const CHATTER = eventNamed('chatter');

/** Whether a topic is plain talk about a brand rather than an event. */
export function isChatter(topic: Topic | undefined): boolean {
  return topic?.event === CHATTER;
}

/** The topic as a language can write it: as chatter when it has no templates for the event. */
export function writable(topic: Topic | undefined, lang: string): Topic | undefined {
  if (!topic || templatesFor(lang).events[topic.event.id]) return topic;
  return { brand: topic.brand, event: CHATTER, product: topic.product };
}

/** The sentences of a topic in a language; local news when there is no topic. */
export function eventTemplates(lang: string, topic: Topic | undefined): CompiledEvent {
  const language = templatesFor(lang);
  if (!topic) return language.industry;
  return language.events[topic.event.id] ?? language.events.chatter;
}

/** A copy of slot values, for a remembered story (the composer reuses its own object). */
export function snapshot(values: SlotValues): SlotValues {
  return {
    brand: values.brand,
    corp: values.corp,
    product: values.product,
    handle: values.handle,
    rival: values.rival,
    city: values.city,
    person: values.person,
    n: values.n,
    pct: values.pct,
  };
}
