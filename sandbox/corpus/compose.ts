// One document at a time: the kind of source, who writes and from where, whether it belongs to
// a spike, then the writer for its kind (editorial, social, noise) with the composer as its desk:
// topic, slot values, sentiment, times and the final assembly. Everything is drawn from one PRNG
// in a fixed order, so a seed always gives the same documents.
import { assemble } from './assemble';
import type { Brand } from './brands';
import type { Cast, Desk, Parts } from './desk';
import type { EntityUrl, SandboxDocument, SandboxSource } from './document';
import { editorialDocument } from './editorial';
import { eventNamed } from './events';
import { EMPTY } from './intern';
import { wordsFor, type BrandWords } from './lexicon';
import { ANY, Memory } from './memory';
import { drawNoise, noiseDocument } from './noise';
import { NUMBERS, type Phrase, type SlotValues } from './phrases';
import type { Random } from './random';
import type { Site } from './sites';
import { socialDocument } from './social';
import { SOURCE_KINDS } from './sources';
import { HOUR, liveSpike, type LiveSpike, type Spike, type Topic } from './timeline';
import type { Timing } from './timing';
import { flat, slugOf } from './urls';
import { WeightedTable } from './weighted';
import type { World } from './world';

const REVIEW = eventNamed('review');
/** Share of corpus documents that belong to a spike. */
const SPIKE_SHARE = 0.1;
/** Share of live documents that belong to the breaking story of their window, if any. */
const LIVE_SPIKE_SHARE = 0.35;

/** The words of a composed document's title and content, in order, as the tokenizer finds them. */
export interface DocumentWords {
  readonly title: readonly string[];
  readonly content: readonly string[];
}

/** A document with its words: the search index posts them without analysing the text. */
export interface Composed {
  readonly document: SandboxDocument;
  readonly words: DocumentWords;
}

export interface ComposerSetup {
  readonly world: World;
  readonly random: Random;
  readonly seed: number;
  /** The corpus's spikes; none for live documents. */
  readonly spikes: readonly Spike[];
  /** Prefix of ids: corpus and live documents never collide. */
  readonly prefix: string;
}

/** A document's key: its composer's prefix and its sequence number. */
function keyOf(prefix: string, sequence: number): string {
  return `${prefix}${sequence.toString(36)}`;
}

/** The sequence number in a key (see keyOf). */
export function sequenceOf(key: string): number {
  const sequence = Number.parseInt(key.slice(1), 36);
  if (!Number.isInteger(sequence) || keyOf(key.slice(0, 1), sequence) !== key)
    throw new Error(`not a document key: ${key}`);
  return sequence;
}

export class Composer implements Desk {
  readonly random: Random;
  readonly memory = new Memory();
  readonly values: SlotValues;
  private sequence = 0;
  private readonly spikeTable: WeightedTable<Spike> | undefined;
  /** The timings of the corpus documents, by sequence number, to place them in time. */
  private readonly drafted: Timing[] = [];
  /** The words of the document assembled last (each writer assembles once, last). */
  private assembled: DocumentWords = { title: EMPTY, content: EMPTY };

  constructor(private readonly setup: ComposerSetup) {
    this.random = setup.random;
    this.spikeTable =
      setup.spikes.length > 0
        ? new WeightedTable(setup.spikes, (spike) => spike.weight)
        : undefined;
    const blank = NUMBERS[0] as Phrase;
    this.values = {
      brand: blank,
      corp: blank,
      product: blank,
      handle: blank,
      rival: blank,
      city: blank,
      person: blank,
      n: blank,
      pct: blank,
    };
  }

  /** A document of the corpus (`at` undefined) or one arriving live at `at`, with its words. */
  compose(at?: number): Composed {
    const document = this.write(at);
    return { document, words: this.assembled };
  }

  private write(at: number | undefined): SandboxDocument {
    const key = keyOf(this.setup.prefix, this.sequence++);
    const kindIndex = this.setup.world.kinds.draw(this.random);
    const spike = this.spike(at);
    const cast = this.cast(kindIndex);
    const noise = drawNoise(this.random, cast, spike !== undefined);
    if (noise) return noiseDocument(this, key, cast, noise, at);
    if (cast.style === 'social') return socialDocument(this, key, cast, spike, at);
    return editorialDocument(this, key, cast, spike, at);
  }

  /** The timings of the corpus documents composed so far, by sequence number. */
  get timings(): readonly Timing[] {
    return this.drafted;
  }

  /** The spike a document is part of: one of the corpus's, or the live window's story. */
  private spike(at: number | undefined): Spike | LiveSpike | undefined {
    const { random, seed, world } = this.setup;
    if (at !== undefined) {
      const breaking = liveSpike(seed, world, at);
      return breaking && at >= breaking.at && random.chance(LIVE_SPIKE_SHARE)
        ? breaking
        : undefined;
    }
    return this.spikeTable && random.chance(SPIKE_SHARE) ? this.spikeTable.draw(random) : undefined;
  }

  private cast(kindIndex: number): Cast {
    const { random, world } = this.setup;
    const kind = SOURCE_KINDS[kindIndex];
    if (!kind) throw new Error(`no source kind ${kindIndex}`);
    if (kind.style === 'social') {
      const author = world.social.draw(random);
      return {
        style: 'social',
        types: kind.types,
        author,
        site: undefined,
        source: author.channel as SandboxSource,
        lang: author.lang,
        place: author.place,
        story: undefined,
      };
    }
    // A comment appears under a story, on its site, in its language; with no story yet it is a
    // comment under a newspaper article of its own.
    const story =
      kind.style === 'comment' ? this.memory.stories.pick(ANY, random.next()) : undefined;
    const site = story?.site ?? this.siteOf(kind.style === 'comment' ? 0 : kindIndex);
    const author =
      kind.style === 'comment' || kind.style === 'forum'
        ? world.forum.draw(random)
        : (world.staff.get(site)?.draw(random) ?? world.forum.draw(random));
    return {
      style: kind.style,
      types: kind.types,
      author,
      site,
      source: site.source,
      lang: story?.lang ?? site.lang,
      place: site.place,
      story,
    };
  }

  private siteOf(kindIndex: number): Site {
    const table = this.setup.world.sites[kindIndex] ?? this.setup.world.sites[0];
    if (!table) throw new Error('the world has no sites');
    return table.draw(this.random);
  }

  topic(brandless: number, own?: Brand, reviews = false): Topic | undefined {
    const { random, world } = this.setup;
    if (!own && random.chance(brandless)) return undefined;
    const brand = own ?? world.brands.draw(random);
    const event = world.events.draw(random);
    return {
      brand,
      event: reviews ? REVIEW : event,
      product: world.products.get(brand)?.drawIndex(random) ?? 0,
    };
  }

  fillValues(topic: Topic | undefined, cast: Cast): BrandWords | undefined {
    const { random, world } = this.setup;
    const values = this.values;
    const words = topic ? wordsFor(topic.brand) : undefined;
    if (words) {
      values.brand = words.name;
      values.corp = words.corp;
      values.handle = words.mention;
      values.product = words.products[topic?.product ?? 0] ?? words.name;
      values.rival = wordsFor(this.rival(topic?.brand)).name;
    }
    values.city = cast.place.name;
    const people = world.people.get(cast.lang) ?? world.people.get('en') ?? [];
    values.person = random.pick(people);
    values.n = NUMBERS[random.between(2, 60)] as Phrase;
    values.pct = NUMBERS[random.between(2, 40)] as Phrase;
    return words;
  }

  rival(brand: Brand | undefined): Brand {
    const { random, world } = this.setup;
    let rival = world.brands.draw(random);
    for (let tries = 0; rival === brand && tries < 4; tries++) rival = world.brands.draw(random);
    return rival;
  }

  sentiment(pull: number): number {
    const value = pull + this.random.normal() * 1.3;
    if (Math.abs(value) < 1) return 0;
    return Math.max(-5, Math.min(5, Math.round(value)));
  }

  times(
    cast: Cast,
    at: number | undefined,
    after: Timing | undefined,
    spike?: Spike | LiveSpike,
  ): Timing {
    const random = this.random;
    const social = cast.style === 'social' || cast.style === 'comment';
    const lag = random.exponential(social ? 3 * 60_000 : 25 * 60_000);
    if (at !== undefined) {
      const indexed = at - random.int(60_000);
      return { kind: 'fixed', published: Math.round(indexed - lag), indexed, search_indexed: at };
    }
    // After a parent (hours later), in a spike (decaying from its start), or by the rhythm.
    // Every branch draws the same whatever the window, so the corpus can be placed later.
    const planned = spike && 'offset' in spike ? spike : undefined;
    if (after || planned) {
      const gap = random.exponential(after ? 4 * HOUR : (planned?.decay ?? 4) * HOUR);
      const fallback = random.next();
      const delay = random.between(5_000, 120_000);
      return after
        ? { kind: 'after', parent: after, gap, fallback, lag, delay }
        : { kind: 'spike', offset: planned?.offset ?? 0, gap, fallback, lag, delay };
    }
    const hour = random.next();
    const within = random.next();
    const delay = random.between(5_000, 120_000);
    return {
      kind: 'rhythm',
      utcOffset: cast.place.country.utcOffset,
      hour,
      within,
      lag,
      delay,
    };
  }

  entities(topic: Topic | undefined): readonly EntityUrl[] {
    if (!topic || !this.random.chance(0.3)) return EMPTY;
    const product = topic.brand.products[topic.product]?.name ?? '';
    return [{ url: flat('https://www.', topic.brand.id, '.example/', slugOf(product)) }];
  }

  assemble(parts: Parts): SandboxDocument {
    if (parts.timing.kind !== 'fixed') this.drafted.push(parts.timing);
    this.assembled = { title: parts.title.terms, content: parts.content.terms };
    return assemble(this.random, parts, (brand) => this.rival(brand));
  }
}
