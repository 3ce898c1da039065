// Authors: people, brands' own accounts, organisations and bots, each with a network-scoped id,
// a handle, a place, a language, demographics, a device and an audience. Their author attributes
// (and for social accounts their channel as a source) are built once and shared by all their
// documents.
import type { Brand } from './brands';
import {
  detectedGender,
  drawDemographics,
  drawDevice,
  label,
  personDescription,
  type Demographics,
} from './demographics';
import type { Gender, SandboxAuthor, SandboxSource } from './document';
import type { Place } from './geo';
import { handlePart, nameSet, type Name } from './names';
import type { Phrase } from './phrases';
import type { Random } from './random';

export type AuthorKind = 'person' | 'brand' | 'org' | 'bot';
/** Where the author posts: the short-message network, forums and comments, or sites. */
export type Network = 'netB' | 'forum' | 'web';

export interface Author {
  readonly attributes: SandboxAuthor;
  readonly kind: AuthorKind;
  readonly place: Place;
  readonly lang: string;
  /** `@handle`, as a text phrase. */
  readonly mention: Phrase;
  readonly followers: number;
  readonly verified: boolean;
  readonly device: string;
  readonly demographics: readonly string[];
  /** For social accounts: the account as a source (top influencers by source list it). */
  readonly channel?: SandboxSource;
  readonly brand?: Brand;
  /** How the author's posts lean: added to a story's sentiment. */
  readonly mood: number;
}

/**
 * `@handle` as a phrase. Handles hold only `a-z`, `0-9` and `_`, and the tokenizer splits at `_`,
 * so the words are found here instead of tokenizing thousands of handles: the parts between
 * underscores, the first with the `@` when nothing comes between them.
 */
function mentionOf(handle: string): Phrase {
  const terms = handle
    .split('_')
    .filter((part) => part !== '')
    .map((part, index) => (index === 0 && !handle.startsWith('_') ? `@${part}` : part));
  return { text: `@${handle}`, words: terms.length, terms };
}

const EMPTY_GROUPS: Demographics = { interests: [], occupations: [], codes: [] };

const BOT_NAMES = ['Deal Bot', 'Market Ticker', 'Price Alert', 'Stock Watch', 'Promo Feed'];
const ORG_NAMES = ['News Daily', 'Tech Watch', 'Gadget Digest', 'Market Pulse', 'Local Voice'];

export class AuthorFactory {
  private readonly handles = new Set<string>();
  private readonly numbers: Record<Network, number> = { netB: 0, forum: 0, web: 0 };

  constructor(private readonly random: Random) {}

  /** A person writing in `lang` from `place`; `occupation` fixes their job (journalists). */
  person(network: Network, place: Place, lang: string, occupation?: string): Author {
    const random = this.random;
    const names = nameSet(lang, place.country.code);
    const female = random.chance(0.5);
    const first = random.pick(female ? names.female : names.male);
    const last = random.pick(names.last);
    const name = names.eastern ? `${last[0]}${first[0]}` : `${first[0]} ${last[0]}`;
    const groups = drawDemographics(random, occupation);
    const followers = Math.round(Math.min(5e6, random.pareto(30, 1.05)));
    return this.make({
      network,
      kind: 'person',
      name,
      handle: this.handleFor(first, last),
      gender: detectedGender(random, female),
      place,
      lang,
      groups,
      description:
        occupation === 'occupation-journalist'
          ? `Reporter in ${place.city.city}. Writing about ${label(groups.interests[0] ?? 'interest-business')}.`
          : personDescription(random, groups, place.city.city),
      followers,
      verified: followers > 100_000 ? random.chance(0.7) : random.chance(0.01),
      device: drawDevice(random),
      mood: random.normal() * 0.6,
    });
  }

  /** A brand's own account: verified, with a large audience, posting from its headquarters. */
  brand(brand: Brand, place: Place, lang: string): Author {
    return this.make({
      network: 'netB',
      kind: 'brand',
      name: brand.corp,
      handle: this.claim(brand.handle),
      gender: 'UNKNOWN',
      place,
      lang,
      groups: EMPTY_GROUPS,
      description: `Official account of ${brand.corp}.`,
      followers: Math.round(200_000 + this.random.pareto(100_000, 1.2)),
      verified: true,
      device: 'DESKTOP',
      mood: 1.5,
      brand,
    });
  }

  /** News aggregators and other accounts that are not a person. */
  organisation(network: Network, place: Place, lang: string): Author {
    const base = this.random.pick(ORG_NAMES);
    const name = `${place.city.city} ${base}`;
    return this.make({
      network,
      kind: 'org',
      name,
      handle: this.claim(handlePart(name)),
      gender: 'UNKNOWN',
      place,
      lang,
      groups: EMPTY_GROUPS,
      description: `${base}: news and updates from ${place.city.city}.`,
      followers: Math.round(Math.min(2e6, this.random.pareto(2_000, 1.1))),
      verified: this.random.chance(0.2),
      device: this.random.chance(0.7) ? 'DESKTOP' : 'OTHER',
      mood: 0,
    });
  }

  /** Automated accounts: prolific, small audiences, noise. */
  bot(place: Place): Author {
    const name = `${this.random.pick(BOT_NAMES)} ${this.random.between(1, 99)}`;
    return this.make({
      network: 'netB',
      kind: 'bot',
      name,
      handle: this.claim(handlePart(name)),
      gender: 'UNKNOWN',
      place,
      lang: 'en',
      groups: EMPTY_GROUPS,
      description: 'Automated posts. Not monitored.',
      followers: this.random.between(50, 5_000),
      verified: false,
      device: 'BOT',
      mood: 0,
    });
  }

  private handleFor(first: Name, last: Name): string {
    const given = handlePart(first[1]);
    const family = handlePart(last[1]);
    const random = this.random;
    const styles = [
      `${given}${family}`,
      `${given}_${family}`,
      `${given}${random.between(1, 99)}`,
      `${family}${given.slice(0, 1)}`,
    ];
    return this.claim(random.pick(styles) || 'user');
  }

  /** The handle, or the handle with a number when someone has it already. */
  private claim(wanted: string): string {
    let handle = wanted;
    for (let suffix = 2; this.handles.has(handle); suffix++) handle = `${wanted}${suffix}`;
    this.handles.add(handle);
    return handle;
  }

  private make(spec: {
    network: Network;
    kind: AuthorKind;
    name: string;
    handle: string;
    gender: Gender;
    place: Place;
    lang: string;
    groups: Demographics;
    description: string;
    followers: number;
    verified: boolean;
    device: string;
    mood: number;
    brand?: Brand;
  }): Author {
    const id = `${spec.network}:${100_000 + this.numbers[spec.network]++}`;
    const attributes: SandboxAuthor = Object.freeze({
      id,
      name: spec.name,
      gender: spec.gender,
      short_name: spec.handle,
      description: spec.description,
      country_code: spec.place.country.code,
      ...(spec.groups.age ? { age_group: spec.groups.age } : {}),
      interest_groups: Object.freeze(spec.groups.interests),
      occupation_groups: Object.freeze(spec.groups.occupations),
    });
    return {
      attributes,
      kind: spec.kind,
      place: spec.place,
      lang: spec.lang,
      mention: mentionOf(spec.handle),
      followers: spec.followers,
      verified: spec.verified,
      device: spec.device,
      demographics: Object.freeze(spec.groups.codes),
      ...(spec.network === 'netB'
        ? {
            channel: Object.freeze({
              id,
              name: `@${spec.handle}`,
              world_data: spec.place.world,
            }),
          }
        : {}),
      ...(spec.brand ? { brand: spec.brand } : {}),
      mood: spec.mood,
    };
  }
}
