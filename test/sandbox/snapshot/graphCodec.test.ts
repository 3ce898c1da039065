// The codec of corpus snapshots: plain data back exactly, shared objects shared again, and
// anything else (or damaged input) refused rather than misread.
import assert from 'node:assert/strict';
import {
  decodeGraph,
  encodeGraph,
  GraphReader,
  type EncodedGraph,
} from '../../../sandbox/snapshot/graphCodec';

const roundTrip = (value: unknown) => decodeGraph(encodeGraph(value));

describe('graph codec', () => {
  it('gives back every kind of plain value exactly', () => {
    const value = {
      integers: [0, 1, 536_870_911, 536_870_912, 2 ** 53, -1, -5],
      fractions: [0.5, -0.25, Math.PI, 1e-300, Number.MAX_VALUE],
      special: [-0, NaN, Infinity, -Infinity],
      strings: ['', 'ascii', 'Zürich', '東京', '🚀 emoji', 'a\u0000b', 'x'.repeat(10_000)],
      constants: [true, false, null, undefined],
      nested: { empty: {}, list: [], deep: { deeper: { deepest: [[[1]]] } } },
      optional: undefined,
    };
    const back = roundTrip(value) as typeof value;
    assert.deepStrictEqual(back, value);
    assert.ok(Object.is(back.special[0], -0));
    assert.ok('optional' in back);
  });

  it('keeps shared objects shared, and frozen lists frozen', () => {
    const author = { id: 'netb:1', name: 'Ann' };
    const flags = Object.freeze(['retweet']);
    const documents = [
      { author, flags },
      { author, flags },
    ];
    const back = roundTrip(documents) as typeof documents;
    assert.deepStrictEqual(back, documents);
    assert.equal(back[0]?.author, back[1]?.author);
    assert.equal(back[0]?.flags, back[1]?.flags);
    assert.ok(Object.isFrozen(back[0]?.flags));
    assert.ok(!Object.isFrozen(back[0]));
  });

  it('gives objects of one shape their keys in order, however their values vary', () => {
    const objects = Array.from({ length: 50 }, (_, index) => ({
      a: index % 2 === 0 ? index : `text ${index}`,
      b: index % 3 === 0 ? null : { index },
      c: index / 7,
    }));
    const back = roundTrip(objects) as typeof objects;
    assert.deepStrictEqual(back, objects);
    assert.deepEqual(Object.keys(back[7] ?? {}), ['a', 'b', 'c']);
  });

  it('refuses what is not plain data', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const value of [
      cyclic,
      new Map(),
      new Date(0),
      [() => 1],
      { big: 1n },
      { symbol: Symbol('s') },
      JSON.parse('{"__proto__": 1}'),
    ])
      assert.throws(() => encodeGraph(value), TypeError);
  });

  it('throws on damaged input instead of misreading it', () => {
    const encoded = encodeGraph([
      { a: 'x', b: [1, 2.5] },
      { a: 'y', b: [] },
    ]);
    const damaged: EncodedGraph[] = [
      { ...encoded, nodes: encoded.nodes.subarray(0, encoded.nodes.length - 1) },
      { ...encoded, nodes: Uint32Array.from(encoded.nodes, (word) => word | 0x4000_0000) },
      { ...encoded, numbers: new Float64Array(0) },
      { ...encoded, asciiEnds: Uint32Array.of(1_000) },
      { ...encoded, shapes: '[["__proto__"]]' },
      { ...encoded, shapes: '{' },
      { ...encoded, root: 7 },
    ];
    for (const graph of damaged) assert.throws(() => decodeGraph(graph));
    // The reader that decodes a value when asked checks everything when made.
    for (const graph of damaged) assert.throws(() => new GraphReader(graph));
  });

  it('reads one item of a list at a time, as decodeGraph would, shared objects still shared', () => {
    const author = { id: 'netb:1', name: 'Zoë' };
    const flags = Object.freeze(['retweet']);
    const documents = Array.from({ length: 20 }, (_, index) => ({
      id: `d${index}`,
      url: `https://news.example/${index}`,
      author,
      flags,
      score: index / 3,
      text: index % 2 === 0 ? 'ascii' : '東京',
    }));
    const encoded = encodeGraph(documents);
    const reader = new GraphReader(encoded);
    const items = reader.items(reader.root);
    assert.ok(items);
    assert.equal(items.length, 20);
    assert.ok(reader.hasStringKey(items[3] ?? 0, 'url'));
    assert.ok(!reader.hasStringKey(items[3] ?? 0, 'score'));
    assert.ok(!reader.hasStringKey(items[3] ?? 0, 'missing'));
    const seventh = reader.value(items[7] ?? 0) as (typeof documents)[number];
    const second = reader.value(items[2] ?? 0) as (typeof documents)[number];
    assert.deepStrictEqual(seventh, documents[7]);
    assert.deepStrictEqual(second, documents[2]);
    assert.equal(seventh.author, second.author);
    assert.ok(Object.isFrozen(seventh.flags));
    assert.equal(reader.value(items[7] ?? 0), seventh, 'decoded once');
    assert.deepStrictEqual(reader.value(reader.root), decodeGraph(encoded));
  });
});
