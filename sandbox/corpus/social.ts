// Posts on the short-message network: originals (with hashtags, mentions and emoji), replies,
// shares of a story (a link post) and retweets, which copy the original into its cluster.
import type { Cast, Desk } from './desk';
import { eventTemplates, snapshot, writable } from './desk';
import type { SandboxDocument } from './document';
import { drawExtras, withExtras } from './extras';
import { EMPTY } from './intern';
import { wordsFor } from './lexicon';
import type { PostRecord } from './memory';
import { phrase } from './phrases';
import { templatesFor } from './templates/index';
import { TextBuilder, writePost } from './text';
import type { LiveSpike, Spike } from './timeline';
import { flat, SOCIAL_ROOT, statusUrl } from './urls';

export function socialDocument(
  desk: Desk,
  key: string,
  cast: Cast,
  spike: Spike | LiveSpike | undefined,
  at: number | undefined,
): SandboxDocument {
  const { random, memory } = desk;
  const language = templatesFor(cast.lang);
  const roll = random.next();
  const repostOf = !spike && roll < 0.14 ? memory.posts.pick(cast.lang, random.next()) : undefined;
  const replyTo =
    !spike && roll >= 0.14 && roll < 0.21 ? memory.posts.pick(cast.lang, random.next()) : undefined;
  const shared =
    !spike && roll >= 0.21 && roll < 0.31
      ? memory.stories.pick(cast.lang, random.next())
      : undefined;
  if (repostOf) return retweet(desk, key, cast, repostOf, at);
  const parent = replyTo ?? shared;
  // A post about a story keeps the story's words; about local news it picks a topic of its own.
  const about = parent?.topic ? parent : undefined;
  const topic = writable(
    spike?.topic ?? about?.topic ?? desk.topic(0.25, cast.author.brand),
    cast.lang,
  );
  const words = desk.fillValues(topic, cast);
  const values = about ? about.values : desk.values;
  const post = writePost(
    random,
    language,
    eventTemplates(cast.lang, topic),
    values,
    replyTo?.author.mention,
  );
  const sentiment = desk.sentiment((topic?.event.sentiment ?? 0) + cast.author.mood);
  const extras = drawExtras(
    random,
    topic ? words : undefined,
    topic?.product ?? 0,
    topic?.event.id ?? 'chatter',
    spike?.topic.event.id,
    sentiment,
    1,
  );
  const timing = desk.times(cast, at, parent?.timing, spike);
  const url = statusUrl(cast.author, key);
  const content = withExtras(post.text, extras, words, ' ');
  const document = desk.assemble({
    key,
    cast,
    url,
    rootUrl: SOCIAL_ROOT,
    domainUrl: SOCIAL_ROOT,
    parentUrl: replyTo?.url,
    timing,
    title: post.text,
    content,
    lang: cast.lang,
    topic: topic && words ? { topic, words } : undefined,
    sentiment,
    extras,
    cluster: key,
    question: post.question,
    mentionsBrand: post.mentions || extras.mention,
    flags: replyTo ? ['twitter_reply'] : [],
    spike: spike !== undefined,
    noise: undefined,
    entities: shared
      ? [{ url: flat('https://lnk.example/', key), resolved_url: shared.url }]
      : EMPTY,
    repost: false,
    linked: shared !== undefined,
    replyMention: replyTo?.author.mention.text,
    inheritedMentions: undefined,
  });
  // Originals and shares are remembered, for retweets and replies.
  if (!replyTo) {
    memory.posts.add(cast.lang, {
      url,
      title: post.text,
      content,
      author: cast.author,
      topic,
      values: snapshot(values),
      cluster: document.cluster_id,
      timing,
      lang: cast.lang,
      hashtags: extras.hashtags,
      emoji: extras.emoji,
      mentions: document.tokens_mention,
      sentiment,
    });
  }
  return document;
}

const RT = phrase('RT');

/** `RT @author: …`: the original's text, hashtags, mentions, sentiment and cluster. */
function retweet(
  desk: Desk,
  key: string,
  cast: Cast,
  original: PostRecord,
  at: number | undefined,
): SandboxDocument {
  const prefix = new TextBuilder(' ').add(RT).add(original.author.mention).build();
  const title = {
    text: flat(prefix.text, ': ', original.title.text),
    words: prefix.words + original.title.words,
    terms: [...prefix.terms, ...original.title.terms],
  };
  const content = {
    text: flat(prefix.text, ': ', original.content.text),
    words: prefix.words + original.content.words,
    terms: [...prefix.terms, ...original.content.terms],
  };
  const topic = original.topic;
  const words = topic ? wordsFor(topic.brand) : undefined;
  return desk.assemble({
    key,
    cast,
    url: statusUrl(cast.author, key),
    rootUrl: SOCIAL_ROOT,
    domainUrl: SOCIAL_ROOT,
    parentUrl: original.url,
    timing: desk.times(cast, at, original.timing),
    title,
    content,
    lang: original.lang,
    topic: topic && words ? { topic, words } : undefined,
    sentiment: original.sentiment,
    extras: { hashtags: original.hashtags, emoji: original.emoji, mention: false },
    cluster: original.cluster,
    question: false,
    mentionsBrand: false,
    flags: ['retweet'],
    spike: false,
    noise: undefined,
    entities: EMPTY,
    repost: true,
    linked: false,
    replyMention: original.author.mention.text,
    inheritedMentions: original.mentions,
  });
}
