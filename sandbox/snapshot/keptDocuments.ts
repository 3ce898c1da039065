// The documents of a kept corpus, in their placed order, each decoded and placed in the window
// when first read. A start from a snapshot thus costs what checking it and renumbering its
// postings cost, not what materialising 50,000 documents costs (most of the objects a start made,
// and the garbage collector's time copying them): a search reads the documents it checks, a
// histogram the fields of those it counts (analytics/columns.ts), each decoded once.
import type { SandboxDocument } from '../corpus/document';
import type { Placement } from '../corpus/place';
import type { DocumentList } from '../search/queryIndex';
import type { KeptDraft } from './draftSections';

export class KeptDocuments implements DocumentList<SandboxDocument> {
  /** Placed documents, by their position in the draft. */
  private readonly read: (SandboxDocument | undefined)[];

  constructor(
    private readonly draft: KeptDraft,
    private readonly placement: Placement,
  ) {
    this.read = new Array<SandboxDocument | undefined>(draft.documents.length);
  }

  get length(): number {
    return this.draft.documents.length;
  }

  /** How many documents have been decoded so far. */
  get decoded(): number {
    return this.read.reduce((count) => count + 1, 0);
  }

  /** The document at `position` in the placed order (by `search_indexed`). */
  at(position: number): SandboxDocument | undefined {
    const index = this.placement.order[position];
    return index === undefined ? undefined : this.inDraft(index);
  }

  /** Position of the first document `warm` has not read yet. */
  private warmed = 0;

  /**
   * Reads the next `count` documents not read yet, in placed order; true once all are. Run a
   * slice at a time after the sandbox listens (openCorpus's `settle`), so that the first
   * histogram, which reads a field of every document, does not decode them all itself.
   */
  warm(count: number): boolean {
    const end = Math.min(this.length, this.warmed + count);
    for (; this.warmed < end; this.warmed++) this.at(this.warmed);
    return this.warmed >= this.length;
  }

  /** The document at `index` in the draft, placed. */
  inDraft(index: number): SandboxDocument {
    let document = this.read[index];
    if (document === undefined) {
      const reference = this.draft.documents[index];
      if (reference === undefined) throw new RangeError(`no document ${index} in the draft`);
      document = this.draft.reader.value(reference) as SandboxDocument;
      this.placement.place(document, index);
      this.read[index] = document;
    }
    return document;
  }
}
