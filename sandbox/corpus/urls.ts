// Addresses of documents: on their site by date and story, on the short-message network by
// account, and flat strings throughout (see `flatten`).
import type { Author } from './authors';
import { flatten } from './phrases';
import type { Topic } from './timeline';
import type { Timing } from './timing';

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

/**
 * `https://site/yyyy/mm/dd/brand-event-key`, the way news sites address articles. A corpus
 * article's date is not known until the corpus is placed in time: its address holds a
 * placeholder until then, and so does every address made from it (comments, links).
 */
export function articleUrl(root: string, timing: Timing, topic: Topic | undefined, key: string) {
  const slug = topic ? `${topic.brand.id}-${topic.event.id}` : 'local-news';
  const date = timing.kind === 'fixed' ? datePath(timing.published) : `\u0000${key}\u0000`;
  return flat(root, date, '/', slug, '-', key);
}

/** An address with its date placeholders replaced by the dates of the documents they name. */
export function placeDates(address: string, publishedOf: (key: string) => number): string {
  if (!address.includes('\u0000')) return address;
  // Placeholders alternate with plain text: every odd part is a key.
  const parts = address.split('\u0000');
  for (let index = 1; index < parts.length; index += 2)
    parts[index] = datePath(publishedOf(parts[index] ?? ''));
  return flatten(parts.join(''));
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
