// The version of what a corpus snapshot holds. A snapshot is used at a later start instead of
// drafting the corpus again, so it must be exactly what this build would draft and index.
//
// Increase CORPUS_VERSION whenever any of these changes its output:
// - the corpus draft: anything under sandbox/corpus/ that changes the documents or timings drawn
//   for a seed (not their placement in time: that is redone at every start);
// - the search index's postings: sandbox/search/queryIndex.ts's indexTerms and the text analysis
//   it uses (core/query/normalize.ts);
// - the snapshot's encoding (graphCodec.ts, postings.ts, corpusSnapshot.ts).
// test/sandbox/snapshot/openCorpus.test.ts hashes all three for a small corpus and fails, saying so,
// when the hash changes without this number changing. Snapshots of other versions are never
// read (the version is part of their key) and are deleted as newer ones are written.
export const CORPUS_VERSION = 2;
