// What histograms read of each document, as columns indexed by the document's number in the
// store: times and metrics in Float64Arrays (NaN where a document has no number there), keys as
// ids (keyIds.ts). A histogram then reads typed arrays at its hits' numbers and never the
// documents: reading each hit document's fields was most of a histogram's time over 100,000
// documents, and more so for a corpus decoded from a snapshot, whose objects lie scattered.
//
// A column is filled on first use and caught up to the store's size before each read: documents
// never change under their number (an update or a delete takes the old number out of every
// search), so what was read once stays true, and arrivals (live, uploaded, undeleted) are read by
// the next histogram that needs the column.
import type { NumericType, TimeType } from '../../core/api/schemas/histogram';
import {
  BREAKDOWN_VALUES,
  clusterOf,
  DISTRIBUTION_KEYS,
  metricOf,
  type AnalyticsDocument,
  type DocumentMetric,
} from './documentFields';
import { KeyIdColumn, KeyIdColumns } from './keyIds';

/** A number per document, read once; NaN where the document holds no number. */
class NumberColumn {
  private values = new Float64Array(0);
  private filled = 0;

  constructor(private readonly read: (document: AnalyticsDocument) => unknown) {}

  /** The column for the first `size` documents (the array may be longer). */
  upTo(size: number, documentAt: (number: number) => AnalyticsDocument): Float64Array {
    if (this.filled >= size) return this.values;
    if (size > this.values.length) {
      const grown = new Float64Array(Math.max(size, this.values.length * 2, 1024));
      grown.set(this.values.subarray(0, this.filled));
      this.values = grown;
    }
    for (let number = this.filled; number < size; number++) {
      const value = this.read(documentAt(number));
      this.values[number] = typeof value === 'number' ? value : NaN;
    }
    this.filled = size;
    return this.values;
  }
}

/** Documents per cluster, and each document's cluster size (`cluster_size`), kept up to date. */
class ClusterSizes {
  private readonly clusters: KeyIdColumn;
  private counts = new Uint32Array(64);
  private counted = 0;
  private sizes = new Float64Array(0);
  private sizesFor = -1;

  constructor(documentAt: (number: number) => AnalyticsDocument) {
    this.clusters = new KeyIdColumn((number) => clusterOf(documentAt(number)));
  }

  /** Each of the first `size` documents' cluster size, NaN outside any cluster. */
  upTo(size: number): Float64Array {
    if (this.sizesFor === size) return this.sizes;
    for (; this.counted < size; this.counted++) this.clusters.forEach(this.counted, this.count);
    // A document joining a cluster changes the size of every other document in it.
    const sizes = new Float64Array(size).fill(NaN);
    for (let number = 0; number < size; number++)
      this.clusters.forEach(number, (id) => (sizes[number] = this.counts[id] ?? 0));
    this.sizes = sizes;
    this.sizesFor = size;
    return sizes;
  }

  private readonly count = (id: number): void => {
    if (id >= this.counts.length) {
      const grown = new Uint32Array(Math.max(id + 1, this.counts.length * 2));
      grown.set(this.counts);
      this.counts = grown;
    }
    this.counts[id]! += 1;
  };
}

export class DocumentColumns {
  private readonly numbers = new Map<string, NumberColumn>();
  private readonly distributions: KeyIdColumns;
  private readonly breakdowns: KeyIdColumns;
  private readonly clusterSizes: ClusterSizes;

  constructor(
    private readonly documentAt: (number: number) => AnalyticsDocument,
    private readonly size: () => number,
  ) {
    this.distributions = new KeyIdColumns(DISTRIBUTION_KEYS, documentAt);
    this.breakdowns = new KeyIdColumns(BREAKDOWN_VALUES, documentAt);
    this.clusterSizes = new ClusterSizes(documentAt);
  }

  /** `published` or `search_indexed` of every document, by number. */
  time(type: TimeType): Float64Array {
    return this.numberColumn(type, (document) => document[type]);
  }

  /** A metric of every document, by number. */
  metric(type: NumericType): Float64Array {
    if (type === 'cluster_size') return this.clusterSizes.upTo(this.size());
    return this.numberColumn(type, metricOf(type satisfies DocumentMetric));
  }

  /** The keys a distribution type counts, by number; undefined for a type without keys. */
  distribution(type: string): KeyIdColumn | undefined {
    return this.distributions.column(type);
  }

  /** The values of a breakdown every store has (sentiment, sourcetype, country), by number. */
  breakdown(name: string): KeyIdColumn | undefined {
    return this.breakdowns.column(name);
  }

  /** The document itself, for what is no column (the text a theme cloud reads). */
  document(number: number): AnalyticsDocument {
    return this.documentAt(number);
  }

  private numberColumn(name: string, read: (document: AnalyticsDocument) => unknown): Float64Array {
    let column = this.numbers.get(name);
    if (!column) {
      column = new NumberColumn(read);
      this.numbers.set(name, column);
    }
    return column.upTo(this.size(), this.documentAt);
  }
}
