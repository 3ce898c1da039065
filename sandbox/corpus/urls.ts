// Addresses of documents: on their site by date and story, on the short-message network by
// account, and flat strings throughout (see `flatten`).
import type { Author } from './authors';
import { flatten } from './phrases';
import type { Topic } from './timeline';

/** The short-message network's site. */
export const SOCIAL_ROOT = 'https://netb.example/';

/** Concatenation into one flat string. */
export function flat(...parts: string[]): string {
  let text = '';
  for (const part of parts) text += part;
  return flatten(text);
}

export function statusUrl(author: Author, key: string): string {
  return flat(SOCIAL_ROOT, author.attributes.short_name, '/status/', key);
}

/** `https://site/yyyy/mm/dd/brand-event-key`, the way news sites address articles. */
export function articleUrl(root: string, time: number, topic: Topic | undefined, key: string) {
  const slug = topic ? `${topic.brand.id}-${topic.event.id}` : 'local-news';
  return flat(root, datePath(time), '/', slug, '-', key);
}

export function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

const datePaths = new Map<number, string>();

/** `yyyy/mm/dd` of a time, cached per day: documents share a few dozen days. */
function datePath(time: number): string {
  const day = Math.floor(time / 86_400_000);
  let path = datePaths.get(day);
  if (path === undefined) {
    path = new Date(day * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '/');
    datePaths.set(day, path);
  }
  return path;
}
