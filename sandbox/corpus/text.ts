// Titles and contents from templates: editorial stories of several sentences (so SENTENCE and
// NEAR have something to work on), short social posts, forum threads, comments and noise. A
// builder collects pieces and joins them once, so each text is one flat string, and keeps the
// word count and the words as it goes.
import {
  fill,
  flatten,
  pushTerms,
  type Phrase,
  type Sink,
  type SlotValues,
  type Template,
} from './phrases';
import type { Random } from './random';
import type { CompiledEvent, CompiledLanguage } from './templates/index';

export interface Text {
  readonly text: string;
  readonly words: number;
  /** The normalised words of `text`, in order (what `tokenize` would find). */
  readonly terms: readonly string[];
}

export class TextBuilder implements Sink {
  text = '';
  words = 0;
  terms: string[] = [];
  private sentences = 0;
  question = false;
  mentions = false;

  constructor(private readonly join: string) {}

  sentence(template: Template, values: SlotValues): this {
    if (this.sentences++ > 0) this.text += this.join;
    fill(template, values, this);
    this.question ||= template.question;
    this.mentions ||= template.mentions;
    return this;
  }

  /** A word before the first sentence (`@handle` of a reply), always followed by a space. */
  prefix(word: Phrase): this {
    this.text = word.text + ' ';
    this.words += word.words;
    pushTerms(this.terms, word.terms);
    return this;
  }

  /** Ready-made text (a copied lead sentence, a hashtag), after `separator`. */
  add(text: Text | Phrase, separator = this.join): this {
    this.text = this.text.length > 0 ? this.text + separator + text.text : text.text;
    this.words += text.words;
    pushTerms(this.terms, text.terms);
    this.sentences++;
    return this;
  }

  build(): Text {
    const text = { text: flatten(this.text), words: this.words, terms: this.terms };
    this.text = '';
    this.words = 0;
    this.terms = [];
    this.sentences = 0;
    return text;
  }
}

/** `count` different templates of a list, from a random starting point. */
function several(random: Random, templates: readonly Template[], count: number): Template[] {
  const start = random.int(templates.length);
  const picked: Template[] = [];
  for (let index = 0; index < Math.min(count, templates.length); index++)
    picked.push(templates[(start + index) % templates.length] as Template);
  return picked;
}

export interface Story {
  readonly title: Text;
  /** The first sentence on its own: copies of the story reuse it. */
  readonly lead: Text;
  readonly content: Text;
  readonly question: boolean;
  readonly mentions: boolean;
}

/**
 * A story: a title, a lead from the event's sentences, more of them, then sentences that fit any
 * story about the brand (or local news without one): three to six sentences. A copy of a story
 * keeps its lead (and usually its title) and adds sentences of its own.
 */
export function writeStory(
  random: Random,
  language: CompiledLanguage,
  event: CompiledEvent,
  branded: boolean,
  values: SlotValues,
  copied?: { readonly title: Text | undefined; readonly lead: Text },
): Story {
  const builder = new TextBuilder(language.join);
  const title = copied?.title ?? builder.sentence(random.pick(event.title), values).build();
  const question = !copied?.title && builder.question;
  builder.question = false;
  const [first, ...more] = several(random, event.body, 1 + random.int(3));
  const lead = copied?.lead ?? builder.sentence(first ?? random.pick(event.body), values).build();
  builder.add(lead);
  if (!copied) for (const template of more) builder.sentence(template, values);
  // Small languages share sentences between lists: never write one twice.
  const filler = branded ? language.general : language.industry.body;
  for (const template of several(random, filler, 2 + random.int(2)))
    if (template !== first && !more.includes(template)) builder.sentence(template, values);
  const mentions = builder.mentions;
  return { title, lead, content: builder.build(), question, mentions };
}

export interface Post {
  readonly text: Text;
  readonly question: boolean;
  readonly mentions: boolean;
}

/** A social post: one or two short sentences, before any hashtags and emoji. */
export function writePost(
  random: Random,
  language: CompiledLanguage,
  event: CompiledEvent,
  values: SlotValues,
  prefix?: Phrase,
): Post {
  const builder = new TextBuilder(language.join);
  if (prefix) builder.prefix(prefix);
  builder.sentence(random.pick(event.social), values);
  if (random.chance(0.3)) builder.sentence(random.pick(event.social), values);
  const { question, mentions } = builder;
  return { text: builder.build(), question, mentions };
}

/** A forum thread: a question, then a few sentences of experience. */
export function writeThread(
  random: Random,
  language: CompiledLanguage,
  event: CompiledEvent | undefined,
  values: SlotValues,
): Story {
  const builder = new TextBuilder(language.join);
  const title = builder.sentence(random.pick(language.forum.title), values).build();
  const question = builder.question;
  const [first, ...more] = several(random, language.forum.body, 2 + random.int(2));
  const lead = builder.sentence(first ?? random.pick(language.forum.body), values).build();
  builder.add(lead);
  const told = event ? random.pick(event.body) : undefined;
  if (told && told !== first && !more.includes(told)) builder.sentence(told, values);
  for (const template of more) builder.sentence(template, values);
  return { title, lead, content: builder.build(), question, mentions: false };
}

/**
 * A comment under a story: one or two sentences, in the story's language. Forum sentences talk
 * about a product, so a comment under local news (`branded` false) does without them.
 */
export function writeComment(
  random: Random,
  language: CompiledLanguage,
  event: CompiledEvent,
  branded: boolean,
  values: SlotValues,
): Post {
  const builder = new TextBuilder(language.join);
  const reaction = random.pick(event.social);
  builder.sentence(reaction, values);
  const more = random.chance(0.4) ? random.pick(language.forum.body) : undefined;
  if (branded && more && more !== reaction) builder.sentence(more, values);
  const { question, mentions } = builder;
  return { text: builder.build(), question, mentions };
}

/** Noise: a title and two or three sentences of its category. */
export function writeNoise(
  random: Random,
  templates: { readonly title: readonly Template[]; readonly body: readonly Template[] },
  values: SlotValues,
): Story {
  const builder = new TextBuilder(' ');
  const title = builder.sentence(random.pick(templates.title), values).build();
  const chosen = several(random, templates.body, 2 + random.int(2));
  const lead = builder.sentence(chosen[0] ?? random.pick(templates.body), values).build();
  builder.add(lead);
  for (const template of chosen.slice(1)) builder.sentence(template, values);
  return { title, lead, content: builder.build(), question: false, mentions: false };
}
