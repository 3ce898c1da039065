// Every document checked before anything is sent (api.md "Uploadable document fields", "Document
// upload"; gaps.md: 1 MiB per document): the url in every mode (it identifies the document), the
// fields create requires, the types, custom fields the dataset's template has, the size. What it
// can, it converts to what the wire wants (epoch ms and engagement as strings), so that a file
// may hold them as JSON numbers, as a spreadsheet writes them. The types themselves are the
// contract's schema (core/api/schemas/uploads.ts): written once, used here and by the sandbox.
import {
  CREATE_REQUIRED,
  MAX_DOCUMENT_BYTES,
  UploadDocument,
  type UploadOperation,
} from '../api/schemas/uploads';
import { issueText } from '../api/shapeProblem';
import { CUSTOM } from './uploadFields';
import { isFields } from './jsonText';
import type { Fields } from './items';
import type { Span } from './spans';

export interface FieldProblem {
  /** The field, dotted for nested ones (`custom.score`); empty for the whole document. */
  readonly field: string;
  readonly message: string;
}

/** A problem of one document of a file, on the line the document starts on. */
export interface UploadProblem extends FieldProblem {
  readonly line: number;
  /** The value it is about (else the document), when the reader knows where it is. */
  readonly at?: Span;
}

export interface CheckOptions {
  readonly mode: UploadOperation;
  /**
   * The custom metrics a document may set: the dataset's template's and the project's own
   * (customFields.ts); undefined when unknown (not checked).
   */
  readonly customMetrics?: readonly string[];
}

export type Checked =
  | { readonly ok: true; readonly document: UploadDocument }
  | { readonly ok: false; readonly problems: readonly FieldProblem[] };

/** Before this (1973) an epoch-ms time is almost surely epoch seconds. */
const EARLIEST_MS = 100_000_000_000;

function published(value: unknown): string | FieldProblem {
  const wrong = (message: string) => ({ field: 'published', message });
  if (typeof value === 'string' && /^\d+$/.test(value)) value = Number(value);
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return wrong(
      Number.isNaN(parsed)
        ? `must be a time in epoch milliseconds, not ${JSON.stringify(value.slice(0, 40))}`
        : `must be a time in epoch milliseconds: ${JSON.stringify(value.slice(0, 40))} is ${parsed}`,
    );
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    return wrong('must be a time in epoch milliseconds (a whole number)');
  if (value < EARLIEST_MS)
    return wrong(
      `${value} looks like epoch seconds: the API takes milliseconds (${value * 1000}?)`,
    );
  return String(value);
}

/** A finite number, from a number or the text of one. */
function numberOf(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(number) ? number : undefined;
}

function customFields(
  value: unknown,
  known: readonly string[] | undefined,
): { problems: FieldProblem[]; custom?: Record<string, number> } {
  const problems: FieldProblem[] = [];
  if (!isFields(value)) {
    problems.push({ field: CUSTOM, message: 'must be an object of custom-field names to numbers' });
    return { problems };
  }
  const custom: Record<string, number> = {};
  for (const [name, each] of Object.entries(value)) {
    const field = `${CUSTOM}.${name}`;
    if (known !== undefined && !known.includes(name))
      problems.push({
        field,
        message:
          known.length === 0
            ? "neither the dataset's template nor the project has custom metrics: add it as one first"
            : `neither the dataset's template nor the project has a custom metric ${JSON.stringify(name)} (they have ${known.join(', ')})`,
      });
    const number = typeof each === 'number' && Number.isFinite(each) ? each : undefined;
    if (number === undefined) problems.push({ field, message: 'must be a number' });
    else Object.defineProperty(custom, name, { value: number, enumerable: true });
  }
  return { problems, custom };
}

export function checkDocument(fields: Fields, options: CheckOptions): Checked {
  const problems: FieldProblem[] = [];
  const document: Fields = { ...fields };
  if (fields.url === undefined || fields.url === null || fields.url === '')
    problems.push({ field: 'url', message: 'is required: it identifies the document' });
  else if (typeof fields.url === 'string' && !/^https?:\/\/[^/\s]+/i.test(fields.url))
    problems.push({ field: 'url', message: 'must be an absolute http or https address' });
  if (options.mode === 'create')
    for (const name of CREATE_REQUIRED)
      if (name !== 'url' && (fields[name] === undefined || fields[name] === null))
        problems.push({ field: name, message: 'is required to create a document' });
  if (fields.published !== undefined && fields.published !== null) {
    const value = published(fields.published);
    if (typeof value === 'string') document.published = value;
    else problems.push(value);
  }
  if (fields.engagement !== undefined) {
    const number = numberOf(fields.engagement);
    if (number === undefined) problems.push({ field: 'engagement', message: 'must be a number' });
    else document.engagement = String(number);
  }
  if (fields.rating !== undefined) {
    const number = numberOf(fields.rating);
    if (number === undefined) problems.push({ field: 'rating', message: 'must be a number' });
    else document.rating = number;
  }
  if (fields[CUSTOM] !== undefined) {
    const custom = customFields(fields[CUSTOM], options.customMetrics);
    problems.push(...custom.problems);
    if (custom.custom) document[CUSTOM] = custom.custom;
  }
  // The remaining types, as the contract states them; fields already named are not named twice.
  const parsed = UploadDocument.safeParse(document);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!problems.some((known) => known.field === field || field.startsWith(`${known.field}.`)))
        // Our own words: zod's depend on which of its flavours a process happened to load.
        problems.push({ field, message: issueText(issue, document) });
    }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  const bytes = Buffer.byteLength(JSON.stringify({ [options.mode]: parsed.data }));
  if (bytes > MAX_DOCUMENT_BYTES)
    return {
      ok: false,
      problems: [
        {
          field: '',
          message: `the document is ${bytes.toLocaleString('en')} bytes: at most ${MAX_DOCUMENT_BYTES.toLocaleString('en')}`,
        },
      ],
    };
  return { ok: true, document: parsed.data };
}
