// The fictional brands the corpus covers, with their products, handles and hashtags. Fictional on
// purpose, so that no query against the sandbox looks like monitoring of a real company.

export interface Product {
  /** As written in text, in every language: a product name is a proper noun. */
  readonly name: string;
  /** Without `#`; written as is in text (`#AcmeAnvils`), matched case-insensitively. */
  readonly hashtag: string;
}

export interface Brand {
  /** Lower case, also the slug of the brand's hosts (`news.acme.example`). */
  readonly id: string;
  readonly name: string;
  /** The company's formal name, for `"acme corp"` style phrases. */
  readonly corp: string;
  /** The brand's account, without `@`. */
  readonly handle: string;
  /** Share of branded coverage. */
  readonly weight: number;
  /** Set when the account has this brand's logo configured for image detection. */
  readonly logo?: string;
  /** Country code and city of the headquarters, where its own sites are located. */
  readonly home: readonly [country: string, city: string];
  /** Most talked-about first. */
  readonly products: readonly Product[];
}

export const BRANDS: readonly Brand[] = [
  {
    id: 'acme',
    name: 'Acme',
    corp: 'Acme Corp',
    handle: 'acme',
    weight: 13,
    logo: 'logo-acme',
    home: ['us', 'San Francisco'],
    products: [
      { name: 'Anvil', hashtag: 'AcmeAnvils' },
      { name: 'Rocket Skates', hashtag: 'RocketSkates' },
      { name: 'Giant Magnet', hashtag: 'GiantMagnet' },
      { name: 'Rocket', hashtag: 'AcmeRocket' },
      { name: 'Catapult', hashtag: 'AcmeCatapult' },
    ],
  },
  {
    id: 'globex',
    name: 'Globex',
    corp: 'Globex Corporation',
    handle: 'globex',
    weight: 11,
    logo: 'logo-globex',
    home: ['us', 'Chicago'],
    products: [
      { name: 'SkyDrone', hashtag: 'SkyDrone' },
      { name: 'Smart Thermostat', hashtag: 'GlobexHome' },
      { name: 'Solar Panel', hashtag: 'GlobexSolar' },
    ],
  },
  {
    id: 'initech',
    name: 'Initech',
    corp: 'Initech Corp',
    handle: 'initech',
    weight: 9,
    logo: 'logo-initech',
    home: ['us', 'Austin'],
    products: [
      { name: 'TPS Suite', hashtag: 'TPSreports' },
      { name: 'Cloud Drive', hashtag: 'InitechCloud' },
      { name: 'Laser Printer', hashtag: 'InitechPrinter' },
    ],
  },
  {
    id: 'umbrella',
    name: 'Umbrella',
    corp: 'Umbrella Corporation',
    handle: 'umbrellacorp',
    weight: 8,
    logo: 'logo-umbrella',
    home: ['gb', 'London'],
    products: [
      { name: 'Allergy Spray', hashtag: 'AllergySpray' },
      { name: 'Flu Vaccine', hashtag: 'FluVaccine' },
      { name: 'Sleep Tablets', hashtag: 'UmbrellaSleep' },
    ],
  },
  {
    id: 'hooli',
    name: 'Hooli',
    corp: 'Hooli Inc',
    handle: 'hooli',
    weight: 9,
    home: ['us', 'San Francisco'],
    products: [
      { name: 'Nucleus', hashtag: 'HooliNucleus' },
      { name: 'Box Three', hashtag: 'HooliBox' },
      { name: 'Cloud Phone', hashtag: 'HooliPhone' },
    ],
  },
  {
    id: 'stark',
    name: 'Stark',
    corp: 'Stark Industries',
    handle: 'starkindustries',
    weight: 7,
    home: ['us', 'Los Angeles'],
    products: [
      { name: 'Arc Reactor', hashtag: 'ArcReactor' },
      { name: 'Electric Truck', hashtag: 'StarkTruck' },
      { name: 'Smart Glasses', hashtag: 'StarkGlasses' },
    ],
  },
  {
    id: 'wayne',
    name: 'Wayne',
    corp: 'Wayne Enterprises',
    handle: 'wayneenterprises',
    weight: 6,
    home: ['us', 'New York'],
    products: [
      { name: 'Night Camera', hashtag: 'WayneCam' },
      { name: 'Security Drone', hashtag: 'WayneDrone' },
    ],
  },
  {
    id: 'tyrell',
    name: 'Tyrell',
    corp: 'Tyrell Corporation',
    handle: 'tyrellcorp',
    weight: 5,
    home: ['jp', 'Tokyo'],
    products: [
      { name: 'Home Robot', hashtag: 'TyrellRobot' },
      { name: 'Voice Assistant', hashtag: 'TyrellVoice' },
    ],
  },
  {
    id: 'wonka',
    name: 'Wonka',
    corp: 'Wonka Industries',
    handle: 'wonka',
    weight: 5,
    home: ['gb', 'Manchester'],
    products: [
      { name: 'Chocolate Bar', hashtag: 'WonkaBar' },
      { name: 'Gobstopper', hashtag: 'Gobstopper' },
    ],
  },
  {
    id: 'oceanic',
    name: 'Oceanic',
    corp: 'Oceanic Airlines',
    handle: 'oceanicair',
    weight: 4,
    home: ['au', 'Sydney'],
    products: [
      { name: 'Premium Economy', hashtag: 'FlyOceanic' },
      { name: 'Mobile App', hashtag: 'OceanicApp' },
    ],
  },
];

export function brandNamed(id: string): Brand {
  const brand = BRANDS.find((candidate) => candidate.id === id);
  if (!brand) throw new Error(`no brand ${id}`);
  return brand;
}
