// The uploadable fields' facts the readers and checks share (api.md "Uploadable document
// fields"): which hold numbers, and how a flat column name (`custom.score`,
// `extra_author_attributes.name`) places its value in the document.
import type { Fields } from './items';

/** Fields whose value is a number (sent as a string for published and engagement). */
export const NUMERIC_FIELDS: ReadonlySet<string> = new Set(['published', 'engagement', 'rating']);

/** The object of custom fields: `custom: {name: number}`, custom metrics of the dataset's template. */
export const CUSTOM = 'custom';

/** Whether a column's values are numbers: the numeric fields and every `custom.<name>`. */
export function isNumericColumn(column: string): boolean {
  return NUMERIC_FIELDS.has(column) || column.startsWith(`${CUSTOM}.`);
}

/** Fields whose values are JSON in a CSV cell: no column can hold an array of objects. */
export const JSON_COLUMNS: ReadonlySet<string> = new Set(['label']);

/**
 * Sets `value` at a dotted column name, one level deep at most (`custom.score`): as own
 * properties, so that a column named `__proto__` is a field like any other, not a prototype.
 */
export function setField(document: Fields, column: string, value: unknown): void {
  const dot = column.indexOf('.');
  if (dot < 0) return define(document, column, value);
  const parent = column.slice(0, dot);
  const existing = Object.hasOwn(document, parent) ? document[parent] : undefined;
  const inner: Fields =
    typeof existing === 'object' && existing !== null && !Array.isArray(existing)
      ? (existing as Fields)
      : {};
  define(inner, column.slice(dot + 1), value);
  define(document, parent, inner);
}

function define(target: Fields, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
