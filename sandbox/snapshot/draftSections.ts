// A corpus draft (documents before they are placed in time, and their timings) as a snapshot's
// sections, and back. The documents are graphCodec's; the timings are columns of numbers already,
// kept as they are. What comes back is checked to be a draft of the expected size that placement
// can read.
import type { Draft } from '../corpus/place';
import type { TimingColumns } from '../corpus/timing';
import { GraphReader, ListEncoder } from './graphCodec';
import { bytesOf, f64, u32 } from './views';

const COLUMNS = ['base', 'first', 'second', 'lag', 'delay'] as const;

/**
 * Encodes a draft's documents some at a time (`step`), so that a sandbox can keep its corpus
 * while it already answers requests. The draft must not change until the last step.
 */
export class DraftEncoder {
  private readonly documents = new ListEncoder();
  private next = 0;

  constructor(private readonly draft: Draft) {
    if (draft.first !== 0) throw new Error('only a whole corpus is kept');
  }

  /** Encodes up to `count` more documents; answers the sections once all are encoded. */
  step(count: number): Map<string, Uint8Array> | undefined {
    const { documents, timings } = this.draft;
    const end = Math.min(documents.length, this.next + count);
    for (; this.next < end; this.next++) this.documents.add(documents[this.next]);
    if (this.next < documents.length) return undefined;
    const graph = this.documents.finish();
    return new Map([
      ['draft.root', bytesOf(Uint32Array.of(graph.root))],
      ['draft.shapes', Buffer.from(graph.shapes, 'utf8')],
      ['draft.nodes', bytesOf(graph.nodes)],
      ['draft.numbers', bytesOf(graph.numbers)],
      ['draft.ascii', graph.ascii],
      ['draft.asciiEnds', bytesOf(graph.asciiEnds)],
      ['draft.text', graph.text],
      ['draft.textEnds', bytesOf(graph.textEnds)],
      ['timings.kind', timings.kind],
      ...COLUMNS.map((name) => [`timings.${name}`, bytesOf(timings[name])] as const),
    ]);
  }
}

export function draftSections(draft: Draft): Map<string, Uint8Array> {
  const sections = new DraftEncoder(draft).step(Infinity);
  if (!sections) throw new Error('a draft not encoded in one step');
  return sections;
}

function timings(section: (name: string) => Uint8Array, count: number): TimingColumns {
  const columns: TimingColumns = {
    kind: section('timings.kind'),
    base: f64(section('timings.base')),
    first: f64(section('timings.first')),
    second: f64(section('timings.second')),
    lag: f64(section('timings.lag')),
    delay: f64(section('timings.delay')),
  };
  const { kind, base, first, second, lag, delay } = columns;
  if ([kind, base, first, second, lag, delay].some((column) => column.length !== count))
    throw new Error(`timings of another length than ${count}`);
  if (columns.kind.some((kind) => kind > 2)) throw new Error('a timing of no known kind');
  return columns;
}

/** A kept draft: its documents still encoded (read one at a time), and its timings. */
export interface KeptDraft {
  readonly reader: GraphReader;
  /** The references of the draft's documents, in drafting order. */
  readonly documents: Uint32Array;
  readonly timings: TimingColumns;
}

/**
 * The draft of a snapshot's sections, checked whole (its encoding, and that it holds `count`
 * documents with an `id` and a `url`) but not decoded: see GraphReader.
 */
export function readDraft(sections: ReadonlyMap<string, Uint8Array>, count: number): KeptDraft {
  const section = (name: string) => {
    const bytes = sections.get(name);
    if (!bytes) throw new Error(`no ${name} section`);
    return bytes;
  };
  const reader = new GraphReader({
    root: u32(section('draft.root'))[0] ?? 0,
    shapes: Buffer.from(section('draft.shapes')).toString('utf8'),
    nodes: u32(section('draft.nodes')),
    numbers: f64(section('draft.numbers')),
    ascii: section('draft.ascii'),
    asciiEnds: u32(section('draft.asciiEnds')),
    text: section('draft.text'),
    textEnds: u32(section('draft.textEnds')),
  });
  const documents = reader.items(reader.root);
  if (!documents || documents.length !== count)
    throw new Error(`not a draft of ${count} documents`);
  if (
    !documents.every(
      (document) => reader.hasStringKey(document, 'id') && reader.hasStringKey(document, 'url'),
    )
  )
    throw new Error('a draft with a document that is not one');
  return { reader, documents, timings: timings(section, count) };
}
