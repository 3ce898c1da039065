// The documents a CLI test uploads: findable by a word of their own, published an hour ago.
export const PUBLISHED = Date.now() - 3_600_000;

export const urlOf = (word: string, index: number) => `https://news.acme.example/${word}-${index}`;

/** A document the checks and the sandbox accept, findable by its word. */
export const documentOf = (word: string, index: number, content = 'uploaded') => ({
  url: urlOf(word, index),
  title: `${word} number ${index}`,
  content,
  published: PUBLISHED,
});

/** NDJSON of `documents`; a string is a line as it is (a broken one, say). */
export const ndjson = (documents: readonly unknown[]) =>
  documents.map((each) => (typeof each === 'string' ? each : JSON.stringify(each))).join('\n') +
  '\n';
