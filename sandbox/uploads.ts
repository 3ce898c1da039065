// Document upload (api.md "Document upload"; gaps.md uploads): each document is checked on its
// own and reports its own outcome, so a batch never fails half-way without saying which
// documents applied. Uploaded documents are indexed at once and become searchable.
import { issueText } from '../core/api/shapeProblem';
import {
  CREATE_REQUIRED,
  MAX_DOCUMENT_BYTES,
  UploadDocument,
  type DocumentRemoval,
  type UploadOperation,
  type UploadOutcome,
} from '../core/api/schemas/uploads';
import { tokenize } from '../core/query/normalize';
import type { AnalyticsDocument } from './analytics/documentFields';
import { projectMetricsKey, type CustomMetrics } from './customMetrics';
import type { SandboxProject } from './fixtures/projects';
import { shorten } from './http/quote';
import type { DocumentStore } from './store';

export interface UploadTarget {
  readonly project: SandboxProject;
  readonly dataset?: string;
}

/** An outcome as the sandbox builds it: `entry` is its own document (the contract's tests parse it). */
export type SandboxUploadOutcome = Omit<UploadOutcome, 'entry'> & {
  readonly entry?: AnalyticsDocument & { readonly url: string };
};

export interface UploadOptions {
  /** `annotate=sentiment`: score the document's sentiment. */
  readonly annotate: boolean;
  /** `return_entry=show`: include the stored entry in each outcome. */
  readonly returnEntry: boolean;
}

const POSITIVE = new Set([
  'good',
  'great',
  'love',
  'excellent',
  'happy',
  'best',
  'amazing',
  'recommend',
  'fast',
  'reliable',
]);
const NEGATIVE = new Set([
  'bad',
  'terrible',
  'hate',
  'broken',
  'worst',
  'slow',
  'recall',
  'lawsuit',
  'outage',
  'refund',
]);

/** A word-count sentiment in -5..5, standing in for the service's annotation. */
function sentimentOf(text: string): number {
  let score = 0;
  for (const word of tokenize(text)) score += POSITIVE.has(word) ? 1 : NEGATIVE.has(word) ? -1 : 0;
  return Math.max(-5, Math.min(5, score));
}

function hostOf(url: string): string {
  return (
    url
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .split(/[/?#:]/, 1)[0]
      ?.toLowerCase() ?? ''
  );
}

type Fields = Record<string, unknown>;

const keyOf = (target: UploadTarget, url: string) =>
  `${target.project.id}\u0000${target.dataset ?? ''}\u0000${url}`;

export class Uploads {
  /** The current document number of each uploaded URL, per project and dataset. */
  private readonly byUrl = new Map<string, { number: number; fields: Fields }>();
  /** Documents deleted by url, kept so that an undelete brings them back. */
  private readonly deleted = new Map<string, { number: number; fields: Fields }>();

  constructor(
    private readonly store: DocumentStore,
    private readonly metrics: CustomMetrics,
    private readonly now: () => number,
  ) {}

  apply(
    target: UploadTarget,
    operation: UploadOperation,
    body: unknown,
    options: UploadOptions,
  ): SandboxUploadOutcome {
    const url =
      typeof body === 'object' && body !== null && typeof (body as Fields).url === 'string'
        ? ((body as Fields).url as string)
        : undefined;
    const fail = (code: string, message: string): SandboxUploadOutcome => ({
      action: operation,
      status_code: code,
      status_message: message,
      ...(url ? { url } : {}),
    });
    if (JSON.stringify(body ?? null).length > MAX_DOCUMENT_BYTES)
      return fail('16', `The document is larger than ${MAX_DOCUMENT_BYTES} bytes`);
    const parsed = UploadDocument.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(
        '16',
        `Invalid document: ${issue ? `${issue.path.join('.') || 'body'}: ${issueText(issue, body)}` : 'not a document object'}`,
      );
    }
    const fields = parsed.data as Fields;
    if (!url) return fail('16', 'Invalid document: url is required; it identifies the document');
    const host = hostOf(url);
    const channel = target.project.channels.find(
      (candidate) => host === candidate.domain || host.endsWith(`.${candidate.domain}`),
    );
    if (!channel) {
      return fail(
        '16',
        `The url ${shorten(url)} matches no channel of project ${target.project.id} (${target.project.channels.map((candidate) => candidate.domain).join(', ')})`,
      );
    }
    for (const name of Object.keys((fields.custom as Fields | undefined) ?? {})) {
      if (
        !this.metrics.has(target.project.datasetTemplateId, name) &&
        !this.metrics.has(projectMetricsKey(target.project.id), name)
      )
        return fail(
          '16',
          `The custom field ${shorten(name)} does not exist: add it as a custom metric first`,
        );
    }
    const key = keyOf(target, url);
    const existing = this.byUrl.get(key);
    const mode = operation === 'upsert' ? (existing ? 'update' : 'create') : operation;
    if (mode === 'create') {
      if (existing)
        return fail('16', `A document with url ${shorten(url)} exists: use update or upsert`);
      const missing = CREATE_REQUIRED.filter((name) => fields[name] === undefined);
      if (missing.length > 0)
        return fail(
          '16',
          `Create needs ${CREATE_REQUIRED.join(', ')}; missing: ${missing.join(', ')}`,
        );
    } else if (!existing) {
      return fail('16', `No document with url ${shorten(url)} to update: use create or upsert`);
    }
    const merged: Fields = { ...(existing?.fields ?? {}), ...fields };
    const document = this.toDocument(merged, options.annotate);
    if (existing) this.store.index.remove(existing.number);
    const number = this.store.add(document, {
      project: target.project.id,
      ...(target.dataset ? { dataset: target.dataset } : {}),
    });
    this.byUrl.set(key, { number, fields: merged });
    this.deleted.delete(key);
    return {
      action: operation,
      status_code: '0',
      status_message: 'OK',
      url,
      ...(options.returnEntry ? { entry: document } : {}),
    };
  }

  /**
   * `delete` takes a stored document out of search (it stays known, so `undelete` brings it back
   * as it was); `undelete` only a deleted one. Each by its url, with its own outcome.
   */
  remove(target: UploadTarget, action: DocumentRemoval, body: unknown): SandboxUploadOutcome {
    const url =
      typeof body === 'object' && body !== null && typeof (body as Fields).url === 'string'
        ? ((body as Fields).url as string)
        : undefined;
    if (!url)
      return {
        action,
        status_code: '16',
        status_message: `Invalid document: ${action} needs the url of the document`,
      };
    const key = keyOf(target, url);
    const fail = (message: string): SandboxUploadOutcome => ({
      action,
      status_code: '16',
      status_message: message,
      url,
    });
    if (action === 'delete') {
      const existing = this.byUrl.get(key);
      if (!existing) return fail(`No document with url ${shorten(url)} to delete`);
      this.store.index.remove(existing.number);
      this.byUrl.delete(key);
      this.deleted.set(key, existing);
    } else {
      const removed = this.deleted.get(key);
      if (!removed) return fail(`No deleted document with url ${shorten(url)} to undelete`);
      // The document as it was stored (its annotations too), searchable again.
      const number = this.store.add(this.store.document(removed.number), {
        project: target.project.id,
        ...(target.dataset ? { dataset: target.dataset } : {}),
      });
      this.byUrl.set(key, { number, fields: removed.fields });
      this.deleted.delete(key);
    }
    return { action, status_code: '0', status_message: 'OK', url };
  }

  private toDocument(
    fields: Fields,
    annotate: boolean,
  ): AnalyticsDocument & { readonly url: string } {
    const now = this.now();
    const url = String(fields.url);
    const host = hostOf(url);
    const title = typeof fields.title === 'string' ? fields.title : '';
    const content = typeof fields.content === 'string' ? fields.content : '';
    return {
      url,
      host_url: host,
      domain_url: host.split('.').slice(-2).join('.'),
      title,
      content,
      published: Number(fields.published ?? now),
      indexed: now,
      search_indexed: now,
      source_type: ['OTHER'],
      post_type: ['TEXT'],
      sentiment: annotate ? sentimentOf(`${title} ${content}`) : 0,
      ...(fields.engagement !== undefined ? { engagement: Number(fields.engagement) } : {}),
      ...(fields.extra_author_attributes
        ? {
            extra_author_attributes: fields.extra_author_attributes,
          }
        : {}),
      ...(fields.custom ? { custom: fields.custom as Record<string, number> } : {}),
    };
  }
}
