// The sandbox's error factory: every refusal is an ApiFailure carrying a status of gaps.md, a
// message naming what is wrong, and the `result_error` entries that say where. Whatever input a
// message or an entry quotes, it is clipped here, once for all of them.
import { SERVICE_ID, SERVICE_ID_RULE } from '../../core/api/ids';
import { STATUS, type ErrorEntry, type StatusName } from '../../core/api/schemas/envelope';
import { MAX_MESSAGE_CHARACTERS, MAX_QUOTED_CHARACTERS } from './limits';
import { clip, quote } from './quote';

/** Entries and values per entry kept in `result_error` (a query's details list one per problem). */
const MAX_ENTRIES = 50;

export class ApiFailure extends Error {
  readonly details: readonly ErrorEntry[];

  constructor(
    readonly status: StatusName,
    message: string,
    details: readonly ErrorEntry[] = [],
  ) {
    super(clip(message, MAX_MESSAGE_CHARACTERS));
    this.details = details.slice(0, MAX_ENTRIES).map((entry) => ({
      key: clip(entry.key, MAX_QUOTED_CHARACTERS),
      value: entry.value.slice(0, MAX_ENTRIES).map((value) => clip(value, MAX_MESSAGE_CHARACTERS)),
    }));
  }

  get httpStatus(): number {
    return STATUS[this.status].http;
  }

  get code(): string {
    return STATUS[this.status].code;
  }
}

export const missingParameter = (name: string): ApiFailure =>
  new ApiFailure('missingParameter', `Missing parameter: ${clip(name, MAX_QUOTED_CHARACTERS)}`, [
    { key: 'params', value: [name] },
  ]);

export const badParameter = (name: string, why: string): ApiFailure =>
  new ApiFailure(
    'badParameter',
    `Bad value for parameter ${clip(name, MAX_QUOTED_CHARACTERS)}: ${why}`,
    [{ key: 'param', value: [name] }],
  );

/** `key`: the name `result_error` gives the id (the service names a stream's `stream_id`). */
export const notFound = (what: string, id: string, key: string = what): ApiFailure =>
  new ApiFailure('notFound', `No such ${what}: ${quote(id)}`, [{ key, value: [id] }]);

/** An id the client chose (a stream, collector, rule or query) that the service would refuse. */
export function checkServiceId(name: string, id: string): void {
  if (!SERVICE_ID.test(id))
    throw badParameter(name, `${quote(id)} is not an id the service takes: ${SERVICE_ID_RULE}`);
}
