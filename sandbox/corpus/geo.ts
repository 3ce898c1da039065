// Places built once from the country table: each city's `world_data` object (shared by every
// document from that city, which keeps 50,000 documents small), its name as a text phrase, and
// weighted draws of countries, cities and languages.
import type { WorldData } from './document';
import { phrase, type Phrase } from './phrases';
import { COUNTRIES, type City, type Country } from './places';
import type { Random } from './random';
import { WeightedTable } from './weighted';

export interface Place {
  readonly country: Country;
  readonly city: City;
  readonly world: WorldData;
  /** The city as the country's own language writes it. */
  readonly name: Phrase;
}

function placeOf(country: Country, city: City): Place {
  return {
    country,
    city,
    world: Object.freeze({
      continent: country.continent,
      country: country.name,
      region: city.region,
      city: city.city,
      longitude: city.longitude,
      latitude: city.latitude,
      country_code: country.code,
      resolution: 'city',
    }),
    name: phrase(city.local ?? city.city),
  };
}

const PLACES_BY_COUNTRY: ReadonlyMap<Country, readonly Place[]> = new Map(
  COUNTRIES.map((country) => [country, country.cities.map((city) => placeOf(country, city))]),
);

const COUNTRY_TABLE = new WeightedTable(COUNTRIES, (country) => country.weight);
const LANGUAGE_TABLES: ReadonlyMap<Country, WeightedTable<string>> = new Map(
  COUNTRIES.map((country) => [country, WeightedTable.of(country.languages)]),
);

export function placesOf(country: Country): readonly Place[] {
  return PLACES_BY_COUNTRY.get(country) ?? [];
}

export function countryByCode(code: string): Country {
  const country = COUNTRIES.find((candidate) => candidate.code === code);
  if (!country) throw new Error(`no country ${code} in the places table`);
  return country;
}

/** A city of the country; the first (the largest) is the likeliest. */
export function drawPlace(random: Random, country: Country): Place {
  const places = placesOf(country);
  const index = random.chance(0.4) ? 0 : random.int(places.length);
  return places[index] as Place;
}

export function drawCountry(random: Random): Country {
  return COUNTRY_TABLE.draw(random);
}

export function drawLanguage(random: Random, country: Country): string {
  return LANGUAGE_TABLES.get(country)?.draw(random) ?? 'en';
}

/** The place of a named city of a country (brands' headquarters). */
export function placeNamed(countryCode: string, cityName: string): Place {
  const place = placesOf(countryByCode(countryCode)).find(
    (candidate) => candidate.city.city === cityName,
  );
  if (!place) throw new Error(`no city ${cityName} in ${countryCode}`);
  return place;
}
