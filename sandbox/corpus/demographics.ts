// Authors' gender, age, interest and occupation groups (the codes of
// core/query/data/demographics.json), their devices, and the short profile text built from them.
import type { Gender } from './document';
import type { Random } from './random';
import { WeightedTable } from './weighted';

const AGES = WeightedTable.of([
  ['age-13-17', 3],
  ['age-18-24', 17],
  ['age-25-34', 28],
  ['age-35-44', 22],
  ['age-45-54', 15],
  ['age-55-64', 9],
  ['age-65-plus', 6],
] as const);

const INTERESTS = WeightedTable.of([
  ['interest-technology', 14],
  ['interest-business', 9],
  ['interest-gaming', 7],
  ['interest-sports', 9],
  ['interest-music', 8],
  ['interest-travel', 7],
  ['interest-food', 7],
  ['interest-fashion', 5],
  ['interest-movies', 6],
  ['interest-health', 5],
  ['interest-science', 4],
  ['interest-politics', 5],
  ['interest-family', 4],
  ['interest-parenting', 3],
  ['interest-automotive', 4],
  ['interest-outdoors', 3],
  ['interest-books', 3],
  ['interest-art', 3],
  ['interest-beauty', 3],
  ['interest-animals', 3],
] as const);

const OCCUPATIONS = WeightedTable.of([
  ['occupation-student', 16],
  ['occupation-engineer', 12],
  ['occupation-marketing', 9],
  ['occupation-sales', 8],
  ['occupation-teacher', 7],
  ['occupation-healthcare', 7],
  ['occupation-artist', 5],
  ['occupation-executive', 5],
  ['occupation-scientist', 3],
  ['occupation-lawyer', 3],
  ['occupation-journalist', 3],
  ['occupation-politician', 1],
] as const);

const DEVICES = WeightedTable.of([
  ['MOBILE_ANDROID', 38],
  ['MOBILE_IOS', 35],
  ['DESKTOP', 18],
  ['TABLET', 5],
  ['MOBILE_OTHER', 2],
  ['OTHER', 2],
] as const);

export interface Demographics {
  readonly age?: string;
  readonly interests: readonly string[];
  readonly occupations: readonly string[];
  /** All of the above in one list, as `demographic:` reads it. */
  readonly codes: readonly string[];
}

/** A person's groups: the age is unknown for one in five, the occupation for almost half. */
export function drawDemographics(random: Random, occupation?: string): Demographics {
  const age = random.chance(0.8) ? AGES.draw(random) : undefined;
  const interests = new Set<string>();
  const wanted = 1 + random.int(3);
  while (interests.size < wanted) interests.add(INTERESTS.draw(random));
  const job = occupation ?? (random.chance(0.55) ? OCCUPATIONS.draw(random) : undefined);
  const occupations = job ? [job] : [];
  const interestList = [...interests];
  return {
    ...(age ? { age } : {}),
    interests: interestList,
    occupations,
    codes: [...(age ? [age] : []), ...interestList, ...occupations],
  };
}

/** A first name's gender, except that detection fails for some people. */
export function detectedGender(random: Random, female: boolean): Gender {
  if (random.chance(0.08)) return 'UNKNOWN';
  return female ? 'FEMALE' : 'MALE';
}

export function drawDevice(random: Random): string {
  return DEVICES.draw(random);
}

/** `interest-technology` → `technology`. */
export function label(code: string): string {
  return code.slice(code.indexOf('-') + 1).replace(/-/g, ' ');
}

/** A profile text in the words people use for themselves. */
export function personDescription(random: Random, groups: Demographics, city: string): string {
  const interest = label(groups.interests[0] ?? 'interest-technology');
  const second = groups.interests[1];
  const job = groups.occupations[0];
  const capitalised = job ? label(job).replace(/^./, (first) => first.toUpperCase()) : undefined;
  switch (random.int(3)) {
    case 0:
      return capitalised
        ? `${capitalised} based in ${city}. Into ${interest}${second ? ` and ${label(second)}` : ''}.`
        : `Based in ${city}. Into ${interest}.`;
    case 1:
      return `${interest.replace(/^./, (first) => first.toUpperCase())} lover. Views my own.`;
    default:
      return `${capitalised ?? 'Human'}, ${city}. Posts about ${interest}.`;
  }
}
