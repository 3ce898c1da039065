// `theme_cloud`: the terms of a sample of matching documents, each with the share of the sample
// that holds it (api.md rule 5: "a share of a sample of documents instead of counts").
// `tokenizing_mode` picks the terms: words, two- or three-word runs, or rough noun and verb
// phrases (runs without stop words; runs starting with an -ed, -ing or -es word), since the
// sandbox has no part-of-speech tagger.
import type { HistogramResult } from '../../core/api/schemas/histogram';
import { tokenize } from '../../core/query/normalize';

const SAMPLE = 1000;
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have in into is it its of on or that the their this to was were will with der die das und ist le la les et est el los las y en un une de du des'.split(
    ' ',
  ),
);

function content(word: string): boolean {
  return word.length >= 3 && !STOP_WORDS.has(word) && !/^[#@]/.test(word) && !/^\d+$/.test(word);
}

function runs(words: readonly string[], length: number): string[] {
  const result: string[] = [];
  for (let index = 0; index + length <= words.length; index++) {
    const run = words.slice(index, index + length);
    if (run.every(content)) result.push(run.join(' '));
  }
  return result;
}

export function termsOf(text: string, mode: string): string[] {
  const words = tokenize(text);
  switch (mode) {
    case 'two_gram':
      return runs(words, 2);
    case 'three_gram':
      return runs(words, 3);
    case 'noun_phrase':
      return [...runs(words, 2), ...runs(words, 3)];
    case 'verb_phrase':
      return runs(words, 2).filter((run) => /(ed|ing|es)\s/.test(`${run.split(' ')[0] ?? ''} `));
    default:
      return words.filter(content);
  }
}

export function themeCloud(texts: Iterable<string>, mode: string, topN: number): HistogramResult {
  const counts = new Map<string, number>();
  let sampled = 0;
  let total = 0;
  for (const text of texts) {
    total += 1;
    if (sampled >= SAMPLE) continue;
    sampled += 1;
    for (const term of new Set(termsOf(text, mode))) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, topN);
  return {
    data: ranked.map(([term, count]) => ({ ks: term, v: [sampled === 0 ? 0 : count / sampled] })),
    total_hits: total,
  };
}
