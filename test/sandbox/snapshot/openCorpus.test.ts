// The corpus kept between starts: a start from a snapshot has exactly the documents and the index
// of a fresh one, a snapshot that cannot be used is replaced, and CORPUS_VERSION changes with
// what snapshots hold.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseQuery } from '../../../core/query/parser';
import {
  createCorpusState,
  draftDocuments,
  generateCorpus,
} from '../../../sandbox/corpus/generate';
import { placeDraft } from '../../../sandbox/corpus/place';
import { snapshotPath } from '../../../sandbox/snapshot/directory';
import { draftSections } from '../../../sandbox/snapshot/draftSections';
import { readSnapshot, writeSnapshot } from '../../../sandbox/snapshot/file';
import { openCorpus, type CorpusOptions } from '../../../sandbox/snapshot/openCorpus';
import { postingsSections } from '../../../sandbox/snapshot/postings';
import { CORPUS_VERSION } from '../../../sandbox/snapshot/version';
import type { PostingList, Postings } from '../../../sandbox/search/queryIndex';
import { DocumentStore } from '../../../sandbox/store';
import { KeptDocuments } from '../../../sandbox/snapshot/keptDocuments';

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

/**
 * What a snapshot holds, by CORPUS_VERSION: the SHA-256 of the draft and postings sections of a
 * small corpus. Append a line for each new version; never change a line.
 */
const KNOWN_OUTPUTS: Readonly<Record<number, string>> = {
  1: '3ad2f934d7e29c96b25e1c8b7d63e4180dcf3999ccba1b16d9786ea4ed430035',
  2: 'c58edcc4af53a9ebad3543fbc85a27eaa6b3d27de0625dae18e305426645c6aa',
};

function fingerprint(): string {
  const state = createCorpusState({ seed: 7, now: NOW });
  const draft = draftDocuments(state, 300);
  const hash = createHash('sha256');
  for (const [name, bytes] of draftSections(draft)) hash.update(name).update(bytes);
  const placed = placeDraft(draft, state.frame);
  const store = new DocumentStore();
  for (const document of placed.documents) store.add(document);
  for (const [name, bytes] of postingsSections(store.index.postingLists(), placed.order))
    hash.update(name).update(bytes);
  return hash.digest('hex');
}

/** Postings with each list's numbers in increasing order: the order postings do not promise. */
function sortedLists(postings: Postings): Record<'words' | 'keywords', Map<string, number[]>> {
  const sorted = (lists: ReadonlyMap<string, PostingList>) =>
    new Map([...lists].map(([key, list]) => [key, Array.from(list).sort((a, b) => a - b)]));
  return { words: sorted(postings.words), keywords: sorted(postings.keywords) };
}

const QUERIES = [
  'acme OR globex',
  '"rocket skates"',
  'lang:de',
  'sourcetype:SOCIAL -is:retweet',
  'anvil* AND NOT review',
  'hashtag:acme',
];

describe('corpus snapshots', () => {
  let directory: string;
  let lines: string[];
  const open = (options: Partial<CorpusOptions> = {}) =>
    openCorpus({
      seed: 42,
      docs: 1_000,
      now: NOW,
      snapshotDir: directory,
      log: (line) => lines.push(line),
      ...options,
    });
  /** Opens the corpus and indexes it as the sandbox does; keeps it when it was drafted. */
  const start = async (options: Partial<CorpusOptions> = {}) => {
    const corpus = await open(options);
    const store = new DocumentStore();
    if (corpus.postings) store.addIndexed(corpus.documents, corpus.postings);
    else for (const document of corpus.documents) store.add(document);
    await corpus.keep(store.index.postingLists())();
    return { corpus, store };
  };
  const path = () =>
    snapshotPath(directory, { corpus: CORPUS_VERSION, seed: 42, docs: 1_000, days: 30 });

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'mmq-corpus-'));
    lines = [];
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('has a CORPUS_VERSION that changes whenever what a snapshot holds changes', () => {
    const hash = fingerprint();
    assert.equal(
      KNOWN_OUTPUTS[CORPUS_VERSION],
      hash,
      `The corpus draft, its search index or their encoding changed (output ${hash}). ` +
        'Snapshots kept by earlier builds would be used as if they were current: increase ' +
        `CORPUS_VERSION in sandbox/snapshot/version.ts and add \`${CORPUS_VERSION + 1}: '${hash}'\` ` +
        'to KNOWN_OUTPUTS in this test (keep the earlier lines).',
    );
    const hashes = Object.values(KNOWN_OUTPUTS);
    assert.equal(new Set(hashes).size, hashes.length, 'a version recorded twice');
  });

  it('starts from a snapshot with the documents and index of a fresh start, in a later window', async () => {
    const first = await start();
    assert.equal(first.corpus.source, 'drafted');
    // Drafted here, it is indexed from the words the generator wrote: as analysing its text would.
    const analysed = new DocumentStore();
    for (const document of generateCorpus({ seed: 42, count: 1_000, now: NOW }))
      analysed.add(document);
    assert.ok(first.corpus.postings);
    // The same numbers under each key; in any order (a drafted corpus's are renumbered).
    assert.deepEqual(
      sortedLists(first.store.index.postingLists()),
      sortedLists(analysed.index.postingLists()),
    );
    assert.match(lines.join('\n'), /no corpus snapshot .* yet/);
    assert.match(lines.join('\n'), /corpus kept in/);
    // Three days, five hours and a bit later: another time of day and day of the week.
    const later = NOW + 3 * 24 * HOUR + 5 * HOUR + 17_123;
    lines = [];
    const second = await start({ now: later });
    assert.equal(second.corpus.source, 'snapshot', lines.join('\n'));
    assert.match(lines.join('\n'), /corpus of 1000 documents from/);
    assert.deepEqual(
      second.corpus.documents,
      generateCorpus({ seed: 42, count: 1_000, now: later }),
    );
    const fresh = new DocumentStore();
    for (const document of generateCorpus({ seed: 42, count: 1_000, now: later }))
      fresh.add(document);
    for (const text of QUERIES) {
      const query = parseQuery(text).query;
      const found = second.store.index.search(query);
      assert.deepEqual(found, fresh.index.search(query), text);
      assert.deepEqual(found, second.store.index.scan(query), text);
    }
    // Documents added later are posted beside the kept postings, as after a fresh start.
    const arrival = {
      url: 'https://news.example/zzyzx',
      title: 'Acme zzyzx',
      content: 'acme',
      published: later,
    };
    assert.equal(second.store.add(arrival), 1_000);
    assert.equal(fresh.add(arrival), 1_000);
    for (const text of ['acme', 'zzyzx', 'acme AND NOT zzyzx']) {
      const query = parseQuery(text).query;
      assert.deepEqual(second.store.index.search(query), fresh.index.search(query), text);
    }
    // Live documents go on from the seed as they would after a fresh start.
    assert.deepEqual(second.corpus.live(later + 1_000), first.corpus.live(later + 1_000));
  });

  it("reads a snapshot's documents when asked, and the rest between requests once settling", async () => {
    await start();
    const corpus = await open();
    assert.equal(corpus.source, 'snapshot', lines.join('\n'));
    const list = corpus.list;
    assert.ok(list instanceof KeptDocuments);
    // Only the sample that checks the kept postings has been read.
    assert.ok(list.decoded <= 40, `${list.decoded} read at start`);
    assert.equal(list.at(500)?.id, generateCorpus({ seed: 42, count: 1_000, now: NOW })[500]?.id);
    const stopped = new AbortController();
    stopped.abort();
    await corpus.settle(stopped.signal);
    assert.ok(list.decoded < 1_000, 'a stopped settling reads no more than a slice');
    await corpus.settle(new AbortController().signal);
    assert.equal(list.decoded, 1_000);
    assert.deepEqual(corpus.documents, generateCorpus({ seed: 42, count: 1_000, now: NOW }));
  });

  it('drafts the corpus again when the snapshot is damaged, cut short or of another corpus, and replaces it', async () => {
    await start();
    const good = readFileSync(path());
    const otherKey = { corpus: CORPUS_VERSION, seed: 43, docs: 1_000, days: 30 };
    await start({ seed: 43 });
    const damage: [string, () => void][] = [
      ['cut short', () => truncateSync(path(), good.byteLength - 1_000)],
      [
        'changed',
        () => {
          const changed = Buffer.from(good);
          changed[Math.floor(changed.byteLength / 2)]! ^= 0xff;
          writeFileSync(path(), changed);
        },
      ],
      ['emptied', () => writeFileSync(path(), '')],
      [
        'of another corpus',
        () => writeFileSync(path(), readFileSync(snapshotPath(directory, otherKey))),
      ],
    ];
    for (const [what, harm] of damage) {
      harm();
      lines = [];
      const again = await start();
      assert.equal(again.corpus.source, 'drafted', what);
      assert.match(lines.join('\n'), /not used, drafting the corpus again/, what);
      assert.deepEqual(
        again.corpus.documents,
        generateCorpus({ seed: 42, count: 1_000, now: NOW }),
      );
      assert.deepEqual(readFileSync(path()), good, `${what}: replaced`);
    }
  });

  it('refuses a snapshot indexed otherwise than this build would, though its checksum holds', async () => {
    await start();
    const sections = new Map(
      await readSnapshot(path(), { corpus: CORPUS_VERSION, seed: 42, docs: 1_000, days: 30 }),
    );
    const lengths = sections.get('postings.lengths') ?? new Uint8Array();
    const numbers = sections.get('postings.numbers') ?? new Uint8Array();
    // Every word's postings shifted one key along: each document under another word.
    const length = new Uint32Array(lengths.buffer, lengths.byteOffset, lengths.byteLength / 4);
    const shifted = Uint32Array.from(length, (_, index) => length[(index + 1) % length.length]!);
    sections.set('postings.lengths', new Uint8Array(shifted.buffer));
    sections.set('postings.numbers', Buffer.from(numbers));
    await writeSnapshot(
      path(),
      { corpus: CORPUS_VERSION, seed: 42, docs: 1_000, days: 30 },
      sections,
    );
    lines = [];
    const again = await start();
    assert.equal(again.corpus.source, 'drafted');
    assert.match(lines.join('\n'), /indexed otherwise than this build would/);
  });

  it('keeps no more than three snapshots', async () => {
    for (const seed of [1, 2, 3, 4]) await start({ seed, docs: 50 });
    assert.equal(readdirSync(directory).length, 3);
    assert.ok(!readdirSync(directory).some((name) => name.includes('seed1-')));
  });
});
