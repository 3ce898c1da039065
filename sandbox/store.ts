// The documents a sandbox serves, indexed for search: the synthetic corpus, live arrivals and
// uploads all go through add().
import { DocumentColumns } from './analytics/columns';
import type { AnalyticsDocument } from './analytics/documentFields';
import { QueryIndex, type DocumentList, type KnownWords, type Postings } from './search/queryIndex';

/** A document as the store holds it: with the address that identifies it (api.md: `url`). */
export type StoredDocument = AnalyticsDocument & { readonly url: string };

const hasUrl = (document: AnalyticsDocument): document is StoredDocument =>
  typeof document.url === 'string';

export class DocumentStore {
  readonly index = new QueryIndex<StoredDocument>();
  /** What histograms read, by document number (kept up to date with additions). */
  readonly columns = new DocumentColumns(
    (number) => this.document(number),
    () => this.index.size,
  );
  /** Uploaded document numbers by `project` and by `project\u0000dataset`. */
  private readonly uploads = new Map<string, number[]>();

  /** `words`: the document's title's and content's, when its maker knows them (the corpus). */
  add(
    document: AnalyticsDocument,
    into?: { readonly project: string; readonly dataset?: string },
    words?: KnownWords,
  ): number {
    // Every document the API delivers has an address; one given without gets a made-up one.
    const number = this.index.add(
      hasUrl(document)
        ? document
        : { ...document, url: `https://sandbox.example/documents/${this.index.size}` },
      words,
    );
    if (into) {
      const key =
        into.dataset === undefined ? into.project : `${into.project}\u0000${into.dataset}`;
      const list = this.uploads.get(key) ?? [];
      list.push(number);
      this.uploads.set(key, list);
    }
    return number;
  }

  /** Into an empty store: documents whose postings were made before (a corpus snapshot's). */
  addIndexed(documents: DocumentList<AnalyticsDocument>, postings: Postings): void {
    // A snapshot is made from stored documents; one without an address is a damaged snapshot.
    // Checked as each is read: a kept corpus is read a document at a time, when asked for.
    this.index.addIndexed(
      {
        length: documents.length,
        at(number: number): StoredDocument | undefined {
          const document = documents.at(number);
          if (document !== undefined && !hasUrl(document))
            throw new Error('A corpus snapshot holds a document without url');
          return document;
        },
      },
      postings,
    );
  }

  /** Uploaded documents of a project (or one of its datasets), without replaced versions. */
  uploadedInto(project: string, dataset?: string): readonly number[] {
    const numbers =
      this.uploads.get(dataset === undefined ? project : `${project}\u0000${dataset}`) ?? [];
    return numbers.filter((number) => !this.index.isRemoved(number));
  }

  document(number: number): StoredDocument {
    const document = this.index.document(number);
    if (!document) throw new Error(`no document ${number}`);
    return document;
  }

  /** The host of a document's address, for channel filters. */
  hostOf(number: number): string | undefined {
    const document = this.index.document(number);
    const address = document?.host_url ?? document?.url;
    return address
      ?.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .split(/[/?#]/, 1)[0]
      ?.toLowerCase();
  }
}
