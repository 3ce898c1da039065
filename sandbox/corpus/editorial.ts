// Editorial documents: articles, blog posts, press releases, newsletters, broadcasts' pages,
// forum threads and comments under stories. A story is a spike's, a copy of a recent story in
// the same language (a near-duplicate, in its cluster), the story a comment is under, or new.
import type { Cast, Desk } from './desk';
import { eventTemplates, isChatter, snapshot, writable } from './desk';
import type { SandboxDocument } from './document';
import { drawExtras, withExtras } from './extras';
import { wordsFor } from './lexicon';
import { ANY, type StoryRecord } from './memory';
import type { Site } from './sites';
import { templatesFor } from './templates/index';
import { writeComment, writeStory, writeThread, type Post, type Story, type Text } from './text';
import type { LiveSpike, Spike } from './timeline';
import { articleUrl, flat } from './urls';

export function editorialDocument(
  desk: Desk,
  key: string,
  cast: Cast,
  breaking: Spike | LiveSpike | undefined,
  at: number | undefined,
): SandboxDocument {
  const { random, memory } = desk;
  // A comment belongs to the story it is under, whatever else is in the news.
  const spike = cast.story ? undefined : breaking;
  const language = templatesFor(cast.lang);
  const spikeKey = spike ? `${spike.cluster}\u0000${cast.lang}` : undefined;
  const copied =
    cast.style === 'comment' || cast.style === 'forum'
      ? undefined
      : spikeKey
        ? random.chance(0.45)
          ? memory.stories.pick(spikeKey, random.next())
          : undefined
        : random.chance(0.18)
          ? memory.stories.pick(cast.lang, random.next())
          : undefined;
  const parent = cast.story ?? copied;
  const topic = writable(
    parent
      ? parent.topic
      : (spike?.topic ??
          desk.topic(
            cast.style === 'forum' ? 0 : 0.15,
            cast.site?.brand,
            cast.site?.host.startsWith('reviews.'),
          )),
    cast.lang,
  );
  const words = parent
    ? parent.topic && wordsFor(parent.topic.brand)
    : desk.fillValues(topic, cast);
  const values = parent ? parent.values : desk.values;
  const event = eventTemplates(cast.lang, topic);
  const text =
    cast.style === 'comment'
      ? commentStory(
          writeComment(random, language, event, topic !== undefined, values),
          parent?.title,
        )
      : cast.style === 'forum'
        ? writeThread(random, language, isChatter(topic) ? undefined : event, values)
        : writeStory(
            random,
            language,
            event,
            topic !== undefined,
            values,
            copied && {
              title: random.chance(0.7) ? copied.title : undefined,
              lead: copied.lead,
            },
          );
  const pull = (topic?.event.sentiment ?? 0) + cast.author.mood;
  const sentiment = copied ? copied.sentiment : desk.sentiment(pull);
  const extras =
    cast.style === 'blog' || cast.style === 'newsletter'
      ? drawExtras(
          random,
          topic ? words : undefined,
          topic?.product ?? 0,
          topic?.event.id ?? 'chatter',
          undefined,
          sentiment,
          0.25,
        )
      : undefined;
  const content = extras ? withExtras(text.content, extras, words, language.join) : text.content;
  const timing = desk.times(cast, at, cast.story?.timing ?? copied?.timing, spike);
  const site = cast.site as Site;
  // Coverage of a breaking story joins the story's cluster; forum threads about it do not.
  const joins = spike && !copied && cast.style !== 'forum' && random.chance(0.3);
  const cluster = copied?.cluster ?? (joins ? spike.cluster : key);
  const url =
    cast.style === 'comment' && cast.story
      ? flat(cast.story.url, '#comment-', key)
      : cast.style === 'forum'
        ? flat(site.rootUrl, 'threads/', key)
        : articleUrl(site.rootUrl, timing, topic, key);
  const document = desk.assemble({
    key,
    cast,
    url,
    rootUrl: site.rootUrl,
    domainUrl: site.domainUrl,
    parentUrl: cast.story?.url,
    timing,
    title: text.title,
    content,
    lang: cast.lang,
    topic: topic && words ? { topic, words } : undefined,
    sentiment,
    extras,
    cluster,
    question: text.question,
    mentionsBrand: text.mentions || (extras?.mention ?? false),
    flags: cast.style === 'comment' ? ['comment'] : [],
    spike: spike !== undefined,
    noise: undefined,
    entities: desk.entities(topic),
    repost: copied !== undefined,
    linked: false,
    replyMention: undefined,
    inheritedMentions: undefined,
  });
  // Originals are remembered, for copies, comments and shares to refer to.
  if (!parent && cast.style !== 'forum' && cast.style !== 'comment') {
    const record: StoryRecord = {
      url,
      title: text.title,
      lead: text.lead,
      topic,
      values: snapshot(desk.values),
      cluster,
      timing,
      lang: cast.lang,
      site,
      sentiment,
    };
    memory.stories.add(spikeKey ?? cast.lang, record);
    memory.stories.add(ANY, record);
  }
  return document;
}

/** A comment as a story: the story's title, the comment as lead and content. */
function commentStory(comment: Post, title: Text | undefined): Story {
  return {
    title: title ?? comment.text,
    lead: comment.text,
    content: comment.text,
    question: comment.question,
    mentions: comment.mentions,
  };
}
