// Post types, images, video and audio, and what image detection finds in the images: a scene
// most of the time, the brand's logo often when the brand has one configured. Image addresses are
// on the approved domains, so the sandbox's image detection accepts them.
import type { Brand } from './brands';
import { flatten } from './phrases';
import type { Random } from './random';
import type { Style } from './sources';
import { APPROVED_IMAGE_DOMAINS, SCENES } from './vocabulary';
import { WeightedTable } from './weighted';

export interface Media {
  readonly postType: readonly string[];
  readonly media: readonly string[];
  readonly images: readonly { readonly url: string }[];
  readonly detections: readonly string[];
}

const EMPTY: readonly never[] = Object.freeze([]);
const TEXT = Object.freeze(['TEXT']);
const IMAGE = Object.freeze(['IMAGE']);
const VIDEO = Object.freeze(['VIDEO']);
const LINK = Object.freeze(['LINK']);
const AUDIO = Object.freeze(['AUDIO']);
const HAS_VIDEO = Object.freeze(['video']);
const HAS_AUDIO = Object.freeze(['audio']);

const SCENE_TABLE = WeightedTable.of<string>(
  SCENES.map((scene, index) => [scene, [15, 30, 15, 25, 15][index] ?? 10] as const),
);
const [ACME_IMAGES, CDN_IMAGES] = APPROVED_IMAGE_DOMAINS;

/** Share of documents of a style that carry a picture when they are not image posts. */
const PICTURED: Readonly<Record<Style, number>> = {
  social: 0,
  comment: 0,
  forum: 0.1,
  news: 0.45,
  magazine: 0.6,
  press: 0.5,
  broadcast: 0.4,
  blog: 0.35,
  brand: 0.6,
  podcast: 0.2,
  newsletter: 0.3,
};

function postType(random: Random, style: Style, linked: boolean): readonly string[] {
  if (linked) return LINK;
  const roll = random.next();
  switch (style) {
    case 'social':
      return roll < 0.25 ? IMAGE : roll < 0.33 ? VIDEO : TEXT;
    case 'broadcast':
      return roll < 0.6 ? VIDEO : TEXT;
    case 'podcast':
      return AUDIO;
    default:
      return TEXT;
  }
}

export function drawMedia(
  random: Random,
  style: Style,
  key: string,
  brand: Brand | undefined,
  rival: Brand | undefined,
  linked: boolean,
): Media {
  const type = postType(random, style, linked);
  const media = type === VIDEO ? HAS_VIDEO : type === AUDIO ? HAS_AUDIO : EMPTY;
  const pictures =
    type === IMAGE
      ? 1 + (random.chance(0.2) ? 1 : 0)
      : type === VIDEO
        ? random.chance(0.5)
          ? 1
          : 0
        : random.chance(PICTURED[style])
          ? 1
          : 0;
  if (pictures === 0) return { postType: type, media, images: EMPTY, detections: EMPTY };
  const domain = brand?.id === 'acme' && random.chance(0.7) ? ACME_IMAGES : CDN_IMAGES;
  const folder = brand?.id ?? 'photos';
  const images = Array.from({ length: pictures }, (_, index) => ({
    // Flattened: a template literal alone would keep a rope of strings per address.
    url: flatten(`https://${domain}/${folder}/${key}-${index + 1}.jpg`),
  }));
  const detections: string[] = [];
  for (let index = 0; index < pictures; index++) {
    found(detections, random, SCENE_TABLE.draw(random), 0.85);
    found(detections, random, brand?.logo, 0.65);
    found(detections, random, rival?.logo, 0.1);
  }
  return { postType: type, media, images, detections };
}

/** Adds a detection with some probability (the draw happens either way, to keep the stream). */
function found(into: string[], random: Random, id: string | undefined, chance: number): void {
  if (random.chance(chance) && id && !into.includes(id)) into.push(id);
}
